import { ActionIcon, Container, Group, Text, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { LogoMark } from './Logo';
import { IconMoon, IconSun } from './icons';
import classes from './Header.module.css';

/** Sticky top bar: brand and the colour-scheme toggle. */
export function Header() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });

  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.inner}>
        <Group gap="xs" wrap="nowrap" className={classes.brand}>
          <LogoMark size={30} />
          <Text component="span" fw={800} fz="lg" className={classes.brandName}>
            MindFlow
          </Text>
        </Group>
        <ActionIcon
          variant="default"
          size="lg"
          radius="xl"
          aria-label="Toggle theme"
          title={computed === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
          onClick={() => setColorScheme(computed === 'dark' ? 'light' : 'dark')}
        >
          <IconSun size={18} className={classes.sun} />
          <IconMoon size={18} className={classes.moon} />
        </ActionIcon>
      </Container>
    </header>
  );
}
