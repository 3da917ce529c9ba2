/**
 * Tags: an input with an "Add" button (disabled while blank or when the tag cannot be added); Enter
 * adds; trimmed; duplicates ignored. The text being typed belongs to the panel's draft, so it is
 * never dropped silently.
 */
import { Button, Group, Input, Pill, TextInput } from '@mantine/core';
import { addTag } from '../../../state/operations';
import { pendingTagError } from './nodeForm';

export function TagsField({
  tags,
  input,
  error,
  readOnly = false,
  onInput,
  onChange,
}: {
  tags: string[];
  input: string;
  error?: string;
  readOnly?: boolean;
  onInput(text: string): void;
  onChange(tags: string[]): void;
}) {
  const blocked = readOnly || !input.trim() || pendingTagError(tags, input) !== null;
  const add = () => {
    if (blocked) return;
    onChange(addTag(tags, input));
    onInput('');
  };
  return (
    <Input.Wrapper label="Tags" labelElement="div" id="mf-tags" size="xs">
      <Group gap={6} wrap="nowrap" mt={4} align="flex-start">
        <TextInput
          aria-label="Tags"
          placeholder="Add a tag"
          value={input}
          error={error}
          readOnly={readOnly}
          onChange={(e) => onInput(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
          style={{ flex: 1 }}
          size="xs"
        />
        <Button size="xs" variant="light" onClick={add} disabled={blocked}>
          Add
        </Button>
      </Group>
      {tags.length > 0 ? (
        <Group gap={4} mt={6} component="ul" aria-label="Tags on this topic" style={{ listStyle: 'none', padding: 0, margin: '6px 0 0' }}>
          {tags.map((t) => (
            <li key={t}>
              <Pill
                withRemoveButton={!readOnly}
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
