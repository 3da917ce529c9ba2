/** The "Layout" menu: tidy the map once in one of three layouts, or keep it laid out automatically. */
import { Button, Menu, Switch } from '@mantine/core';
import type { LayoutKind, MindMapState } from '../../state/doc';
import { tidyUp } from '../../state/layout/apply';
import type { TidyLayout } from '../../state/layout/tidy';
import { updateSettings } from '../../state/operations';
import { useEditorSelector } from '../hooks/useEditorState';
import { useEditor } from './EditorContext';
import { IconCheck, IconChevronDown } from './icons';

const LAYOUTS: { kind: TidyLayout; label: string }[] = [
  { kind: 'right', label: 'Tidy Up (Right)' },
  { kind: 'balanced', label: 'Tidy Up (Balanced)' },
  { kind: 'down', label: 'Tidy Up (Top-down)' },
];

const selectAutoLayout = (s: MindMapState) => s.settings.autoLayout;
const selectLayout = (s: MindMapState): LayoutKind => s.settings.layout;

export function LayoutMenu() {
  const { session, canvas } = useEditor();
  const { store, sizeOf } = session;
  const auto = useEditorSelector(store, selectAutoLayout);
  const layout = useEditorSelector(store, selectLayout);

  const tidy = (kind: TidyLayout) => {
    // Remembering the choice and moving the topics are one undo step.
    store.beginMark(`Tidy up (${kind})`);
    const { layout: current, autoLayout } = store.getState().settings;
    if (current !== kind) updateSettings(store, { layout: kind });
    // With Auto Layout on, the new setting has just laid the map out.
    if (!autoLayout || current === kind) tidyUp(store, kind, sizeOf);
    store.commitMark();
    canvas.current?.fitView();
  };

  const toggleAuto = () => {
    store.beginMark(auto ? 'Auto layout off' : 'Auto layout on');
    updateSettings(store, { autoLayout: !auto, layout: layout === 'free' ? 'balanced' : layout });
    store.commitMark();
  };

  return (
    <Menu position="bottom-start" withinPortal shadow="md" closeOnItemClick>
      <Menu.Target>
        <Button variant="default" size="xs" px={4} rightSection={<IconChevronDown size={12} />} fullWidth>
          Layout
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LAYOUTS.map(({ kind, label }) => (
          <Menu.Item
            key={kind}
            onClick={() => tidy(kind)}
            data-current={layout === kind || undefined}
            aria-current={layout === kind ? 'true' : undefined}
            rightSection={layout === kind ? <IconCheck size={14} /> : null}
          >
            {label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        {/* A real switch (Mantine forces role="menuitem" on items, which cannot carry a checked state). */}
        <Switch label="Auto Layout" checked={auto} onChange={toggleAuto} size="sm" px="sm" py={6} />
      </Menu.Dropdown>
    </Menu>
  );
}
