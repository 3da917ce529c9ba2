/** Tags: an input with an "Add" button (disabled while blank); Enter adds; trimmed; duplicates ignored. */
import { Button, Group, Input, Pill, TextInput } from '@mantine/core';
import { useState } from 'react';
import { addTag } from '../../../state/operations';

export function TagsField({ tags, onChange }: { tags: string[]; onChange(tags: string[]): void }) {
  const [draft, setDraft] = useState('');
  const add = () => {
    if (!draft.trim()) return;
    onChange(addTag(tags, draft));
    setDraft('');
  };
  return (
    <Input.Wrapper label="Tags" labelElement="div" id="mf-tags">
      <Group gap={6} wrap="nowrap" mt={4}>
        <TextInput
          aria-label="Tags"
          placeholder="Add a tag"
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
          style={{ flex: 1 }}
          size="xs"
        />
        <Button size="xs" variant="light" onClick={add} disabled={!draft.trim()}>
          Add
        </Button>
      </Group>
      {tags.length > 0 ? (
        <Group gap={4} mt={6} component="ul" aria-label="Tags on this topic" style={{ listStyle: 'none', padding: 0, margin: '6px 0 0' }}>
          {tags.map((t) => (
            <li key={t}>
              <Pill
                withRemoveButton
                onRemove={() => onChange(tags.filter((x) => x !== t))}
                removeButtonProps={{ 'aria-label': `Remove tag ${t}`, 'aria-hidden': false, tabIndex: 0 }}
              >
                {t}
              </Pill>
            </li>
          ))}
        </Group>
      ) : null}
    </Input.Wrapper>
  );
}
