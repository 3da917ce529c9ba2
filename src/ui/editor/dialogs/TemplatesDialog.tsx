/**
 * "Templates": a radiogroup of template cards; "Apply Template" replaces the map with the chosen one
 * (one undo step; the replaced map is kept in this browser for "Restore previous map"). The button looks and reads disabled until a template is chosen; pressing it anyway
 * explains why with the spec's destructive toast. On a read-only map the dialog says so and Apply
 * Template is disabled.
 */
import { Button, Group, Modal, SimpleGrid, Text } from '@mantine/core';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { applyTemplate } from '../../../state/importMap';
import { MESSAGES } from '../../../state/model';
import { useEditor } from '../EditorContext';
import { notifyError, notifySuccess } from '../notify';
import { TEMPLATES } from '../templates';
import { templatePreview } from '../templates/previews';
import { RestorePreviousButton } from '../storage/RestoreMapDialog';
import { useReadOnlyReason } from '../readOnly';
import { ReadOnlyAlert } from './ReadOnlyAlert';
import { TemplateCard } from './TemplateCard';
import classes from '../Editor.module.css';
import { SharedReplaceNote } from './SharedReplaceNote';

export function TemplatesDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { session, canvas, theme, isMobile } = useEditor();
  const readOnly = useReadOnlyReason();
  const [selected, setSelected] = useState<string | null>(null);
  const group = useRef<HTMLDivElement>(null);
  const previews = useMemo(
    () => (opened ? TEMPLATES.map((t) => templatePreview(t, theme)) : []),
    [opened, theme],
  );

  const close = () => {
    setSelected(null);
    onClose();
  };

  const apply = () => {
    if (readOnly !== null) return; // the dialog says why
    const template = TEMPLATES.find((t) => t.id === selected);
    if (!template) {
      notifyError(MESSAGES.noTemplateTitle, MESSAGES.noTemplateBody);
      return;
    }
    const result = applyTemplate(session.store, template);
    // Refused after all (the map became read-only meanwhile): the store's refusal listeners said why.
    if (session.store.readOnly !== null) return;
    if (!result.ok) {
      notifyError('Template Not Applied', result.error);
      return;
    }
    notifySuccess(MESSAGES.templateTitle, MESSAGES.templateBody);
    close();
    requestAnimationFrame(() => canvas.current?.fitView());
  };

  const onKeyDown = (index: number) => (e: KeyboardEvent<HTMLDivElement>) => {
    const cols = isMobile ? 1 : 2;
    const moves: Record<string, number> = { ArrowRight: 1, ArrowDown: cols, ArrowLeft: -1, ArrowUp: -cols };
    if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      setSelected(TEMPLATES[index].id);
      if (e.key === 'Enter' && selected === TEMPLATES[index].id) apply();
      return;
    }
    const delta = moves[e.key];
    if (delta === undefined) return;
    e.preventDefault();
    const next = (index + delta + TEMPLATES.length) % TEMPLATES.length;
    setSelected(TEMPLATES[next].id);
    group.current?.querySelectorAll<HTMLElement>('[role="radio"]')[next]?.focus();
  };

  const focusIndex = Math.max(0, TEMPLATES.findIndex((t) => t.id === selected));

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Templates"
      centered
      size={880}
      classNames={{ content: classes.templatesContent, body: classes.templatesBody }}
    >
      {readOnly === null ? null : <ReadOnlyAlert reason={readOnly} mb="xs" />}
      {/* The words scroll with the cards: on a short screen (a phone turned sideways) they left the list no room. */}
      <div className={classes.templatesScroll}>
        <Text size="sm" c="dimmed" mb="xs">
          Applying a template replaces the current map. It is kept in this browser, so "Restore previous map" brings it
          back, even after a reload.
        </Text>
        <SharedReplaceNote mb="xs" />
        <SimpleGrid
          cols={{ base: 1, sm: 2 }}
          spacing="sm"
          role="radiogroup"
          aria-label="Templates"
          ref={group}
          p={2}
        >
          {TEMPLATES.map((t, i) => (
            <TemplateCard
              key={t.id}
              template={t}
              preview={previews[i] ?? null}
              checked={selected === t.id}
              focusable={i === focusIndex}
              onSelect={() => setSelected(t.id)}
              onKeyDown={onKeyDown(i)}
            />
          ))}
        </SimpleGrid>
      </div>
      <Group justify="flex-end" className={classes.templatesFooter}>
        <RestorePreviousButton before={close} />
        <Button variant="default" onClick={close}>
          Cancel
        </Button>
        <Button
          disabled={readOnly !== null}
          data-disabled={selected === null || readOnly !== null || undefined}
          aria-disabled={selected === null || undefined}
          onClick={apply}
        >
          Apply Template
        </Button>
      </Group>
    </Modal>
  );
}
