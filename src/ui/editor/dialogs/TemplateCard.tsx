/** One template in the Templates radiogroup: preview, name, description, tags, node count. */
import { Badge, Group, Image, Text } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import type { Template } from '../../../state/importMap';
import classes from '../Editor.module.css';

export interface TemplateCardProps {
  template: Template;
  preview: string | null;
  checked: boolean;
  focusable: boolean;
  onSelect(): void;
  onKeyDown(e: KeyboardEvent<HTMLDivElement>): void;
}

export function TemplateCard({ template, preview, checked, focusable, onSelect, onKeyDown }: TemplateCardProps) {
  const nameId = `tpl-name-${template.id}`;
  const descId = `tpl-desc-${template.id}`;
  return (
    <div
      role="radio"
      aria-checked={checked}
      aria-labelledby={nameId}
      aria-describedby={descId}
      tabIndex={focusable ? 0 : -1}
      data-template-id={template.id}
      className={classes.templateCard}
      data-checked={checked || undefined}
      onClick={onSelect}
      onKeyDown={onKeyDown}
    >
      <div className={classes.templatePreview}>
        {preview ? <Image src={preview} alt="" fit="contain" h="100%" /> : null}
      </div>
      <Group justify="space-between" wrap="nowrap" gap="xs" mt={8}>
        <Text fw={600} size="sm" id={nameId}>
          {template.name}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {template.nodes.length} nodes
        </Text>
      </Group>
      <Text size="xs" c="dimmed" id={descId} mt={4} lineClamp={3}>
        {template.description}
      </Text>
      <Group gap={4} mt={8}>
        {template.tags.map((t) => (
          <Badge key={t} size="xs" variant="light">
            {t}
          </Badge>
        ))}
      </Group>
    </div>
  );
}
