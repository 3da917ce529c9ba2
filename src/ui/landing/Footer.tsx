import type { FormEvent, MouseEvent } from 'react';
import { ActionIcon, Anchor, Badge, Button, Container, Divider, Grid, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { COPYRIGHT_YEAR } from '../../state/model';
import { CtaButton } from './CtaButton';
import { ADVANCED_FEATURES } from './featureData';
import { LogoMark } from './Logo';
import { IconBrandGithub, IconBrandX } from './icons';
import classes from './Footer.module.css';

const SOCIAL_LINKS = [
  { label: 'MindFlow on X', href: 'https://x.com/mindflow', icon: IconBrandX },
  { label: 'MindFlow on GitHub', href: 'https://github.com/mindflow', icon: IconBrandGithub },
] as const;

const PRODUCT_LINKS = ['Features', 'Pricing', 'Enterprise'] as const;

/** The Product links are placeholders: they keep link semantics but go nowhere. */
const stayHere = (event: MouseEvent<HTMLAnchorElement>) => event.preventDefault();

/** The newsletter form has no behaviour: no validation, no request, no navigation. */
const ignoreSubmit = (event: FormEvent<HTMLFormElement>) => event.preventDefault();

function Brand() {
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap">
        <LogoMark size={36} />
        <Text component="span" fw={800} fz="xl" className={classes.brandName}>
          MindFlow
        </Text>
      </Group>
      <Text size="sm" c="dimmed" lh={1.65}>
        MindFlow helps individual thinkers and enterprise teams turn ideas into clear, connected mind maps, right in
        the browser.
      </Text>
      <Group gap="xs">
        {SOCIAL_LINKS.map(({ label, href, icon: Icon }) => (
          <ActionIcon
            key={href}
            component="a"
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={label}
            title={label}
            variant="default"
            size="lg"
            radius="xl"
          >
            <Icon size={18} />
          </ActionIcon>
        ))}
      </Group>
    </Stack>
  );
}

function ProductLinks() {
  return (
    <nav aria-labelledby="footer-product-title">
      <Title order={3} id="footer-product-title" className={classes.heading}>
        Product
      </Title>
      <ul className={classes.linkList}>
        {PRODUCT_LINKS.map((label) => (
          <li key={label}>
            <Anchor href="#" onClick={stayHere} className={classes.productLink}>
              {label}
            </Anchor>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Team capabilities from the product brief; labelled as roadmap since the editor has none of them. */
function AdvancedFeaturesCard() {
  return (
    <div className={classes.card} data-accent="true">
      <Group justify="space-between" align="center" gap="xs" mb={6}>
        <Title order={3} className={classes.heading} mb={0}>
          Advanced Features
        </Title>
        <Badge size="sm" variant="light" color="grape">
          Roadmap
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        Planned for teams. Not part of the editor today.
      </Text>
      <ul className={classes.advancedList}>
        {ADVANCED_FEATURES.map(({ id, title, icon: Icon }) => (
          <li key={id} className={classes.advancedItem}>
            <Icon size={16} className={classes.advancedIcon} />
            <span>{title}</span>
          </li>
        ))}
      </ul>
      <CtaButton size="md" radius="md" fullWidth mt="lg">
        Try Enterprise Features
      </CtaButton>
    </div>
  );
}

function NewsletterCard() {
  return (
    <div className={classes.card}>
      <Title order={3} className={classes.heading} mb={6}>
        Newsletter
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Product news and mapping tips, now and then.
      </Text>
      <form noValidate onSubmit={ignoreSubmit} aria-label="Newsletter">
        <Stack gap="xs">
          <TextInput label="Name" name="name" placeholder="Your name" autoComplete="name" />
          <TextInput
            label="Email"
            name="email"
            type="text"
            inputMode="email"
            placeholder="you@example.com"
            autoComplete="email"
          />
          <Button type="submit" variant="filled" fullWidth mt={6}>
            Subscribe
          </Button>
        </Stack>
      </form>
    </div>
  );
}

export function Footer() {
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <Grid gap={{ base: 'xl', lg: 32 }}>
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <Brand />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 2 }}>
            <ProductLinks />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
            <AdvancedFeaturesCard />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <NewsletterCard />
          </Grid.Col>
        </Grid>

        <Divider my="xl" />
        <Group justify="space-between" gap="xs" className={classes.bottom}>
          <Text size="sm" c="dimmed">
            © {COPYRIGHT_YEAR} MindFlow. All rights reserved.
          </Text>
          <Text size="sm" c="dimmed">
            Made for clear thinking.
          </Text>
        </Group>
      </Container>
    </footer>
  );
}
