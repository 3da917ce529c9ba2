/** The "Layout" menu: tidy the map once in one of three layouts, or keep it laid out automatically. */
import { Button, Menu, Switch } from '@mantine/core';
import type { LayoutKind, MindMapState } from '../../state/doc';
import { LIMITS } from '../../state/rules';
import type { TidyLayout } from '../../state/layout/tidy';
import { updateSettings } from '../../state/operations';
import { useEditorSelector } from '../hooks/useEditorState';
import { useEditor } from './EditorContext';
import { IconCheck, IconChevronDown } from './icons';
import { notifyError } from './notify';

const LAYOUTS: { kind: TidyLayout; label: string }[] = [
  { kind: 'right', label: 'Tidy Up (Right)' },
  { kind: 'balanced', label: 'Tidy Up (Balanced)' },
  { kind: 'down', label: 'Tidy Up (Top-down)' },
];

const selectAutoLayout = (s: MindMapState) => s.settings.autoLayout;
const selectLayout = (s: MindMapState): LayoutKind => s.settings.layout;

const LAYOUT_NAMES: Record<TidyLayout, string> = { right: 'Right', balanced: 'Balanced', down: 'Top-down' };

/**
 * Says why a layout was not applied: it would place topics past what a map can hold. `autoOff`: an
 * edit made with Auto Layout on would have, and Auto Layout was turned off (the edit stays).
 */
export function tooFar(kind: TidyLayout, autoOff = false): void {
  const limit = `The ${LAYOUT_NAMES[kind]} layout would place topics more than ${LIMITS.coordinate.toLocaleString('en-US')} units from the centre, farther than a map can hold: this map is too deep or too wide for it.`;
  notifyError('Layout not applied', autoOff ? `${limit} Auto Layout is off now; the change is kept where it placed its topics.` : `${limit} Nothing was moved.`);
}

export function LayoutMenu() {
  const { session, canvas } = useEditor();
  const { store, layouts } = session;
  const auto = useEditorSelector(store, selectAutoLayout);
  const layout = useEditorSelector(store, selectLayout);

  const tidy = (kind: TidyLayout) => {
    const run = layouts.fitting(kind);
    if (!run) return tooFar(kind);
    // Remembering the choice and moving the topics are one undo step.
    store.beginMark(`Tidy up (${kind})`);
    layouts.apply(run, `Tidy up (${kind})`);
    // With Auto Layout on, it goes on from the layout just applied.
    if (store.getState().settings.layout !== kind) updateSettings(store, { layout: kind });
    store.commitMark();
    canvas.current?.fitView();
  };

  const toggleAuto = () => {
    if (auto) {
      store.beginMark('Auto layout off');
      updateSettings(store, { autoLayout: false });
      store.commitMark();
      return;
    }
    const kind = layout === 'free' ? 'balanced' : layout;
    const run = layouts.fitting(kind);
    if (!run) return tooFar(kind);
    store.beginMark('Auto layout on');
    layouts.apply(run, 'Auto layout on');
    updateSettings(store, { autoLayout: true, layout: kind });
    store.commitMark();
    // Switched on, the layout has just moved the topics: show them where they went, as Tidy Up does.
    canvas.current?.fitView();
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
