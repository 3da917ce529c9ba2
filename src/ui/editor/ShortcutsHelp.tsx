/** The "Keyboard shortcuts" toggle and the list of every shortcut in the command registry. */
import { Collapse, Group, Kbd, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { COMMANDS, formatShortcut } from '../../state/commands';
import { isMacPlatform } from '../hooks/shortcuts';
import { IconChevronDown, IconKeyboard } from './icons';
import classes from './Editor.module.css';

const WITH_SHORTCUTS = COMMANDS.filter((c) => c.shortcuts.length > 0);

export function ShortcutsHelp() {
  const [opened, { toggle }] = useDisclosure(false);
  const mac = isMacPlatform();
  return (
    <div>
      <UnstyledButton
        className={classes.helpToggle}
        onClick={toggle}
        aria-expanded={opened}
        aria-controls="mf-shortcuts"
      >
        <IconKeyboard size={16} />
        <span>Keyboard shortcuts</span>
        <IconChevronDown size={14} style={{ transform: opened ? 'rotate(180deg)' : undefined, marginLeft: 'auto' }} />
      </UnstyledButton>
      <Collapse expanded={opened} id="mf-shortcuts">
        <Stack gap={4} mt={6} component="ul" className={classes.shortcutList} aria-label="Keyboard shortcuts">
          {WITH_SHORTCUTS.map((c) => (
            <Group key={c.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
              <Text size="xs">
                {c.label}
                {c.scope === 'tree' ? <Text span size="xs" c="dimmed"> (topic list)</Text> : null}
              </Text>
              <Group gap={3} wrap="nowrap">
                {c.shortcuts.map((s) => (
                  <Kbd key={s} size="xs">{formatShortcut(s, mac)}</Kbd>
                ))}
              </Group>
            </Group>
          ))}
        </Stack>
      </Collapse>
    </div>
  );
}
