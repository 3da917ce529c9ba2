import { Container, List, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { CtaButton } from './CtaButton';
import { SectionHeading } from './SectionHeading';
import { MapPreview } from './MapPreview';
import { IconBolt } from './icons';
import classes from './Demo.module.css';

const STEPS = [
  'Start from a central topic or pick a template',
  'Add branches with a click or Ctrl/Cmd + N',
  'Colour, tag and annotate ideas, then export to JSON',
] as const;

export function Demo() {
  return (
    <section id="demo" className={classes.section} aria-labelledby="demo-title">
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 48, md: 64 }} className={classes.grid}>
          <Stack gap={0} className={classes.copy}>
            <SectionHeading id="demo-title" eyebrow="Live demo" title="See It In Action" align="left">
              Open the editor and start mapping right away. Everything runs in your browser, and your map is saved
              on this device as you work; it goes to a sync server only when you share it.
            </SectionHeading>
            <List
              spacing="sm"
              className={classes.steps}
              icon={
                <ThemeIcon size={24} radius="xl" variant="light">
                  <IconBolt size={14} />
                </ThemeIcon>
              }
            >
              {STEPS.map((step) => (
                <List.Item key={step}>{step}</List.Item>
              ))}
            </List>
            <div className={classes.actions}>
              <CtaButton>Try Demo Now</CtaButton>
              <Text size="sm" c="dimmed" className={classes.note}>
                No sign-up required.
              </Text>
            </div>
          </Stack>
          <MapPreview />
        </SimpleGrid>
      </Container>
    </section>
  );
}
