import type { MouseEvent } from 'react';
import { Container, Group, Text, Title, Transition } from '@mantine/core';
import { useReducedMotion, useWindowScroll } from '@mantine/hooks';
import { LANDING_SCROLL_HINT_PX } from '../../state/model';
import { CtaButton } from './CtaButton';
import { LogoMark } from './Logo';
import { IconBolt, IconChevronDown, IconLock, IconSparkles } from './icons';
import classes from './Hero.module.css';

const HIGHLIGHTS = [
  { label: 'Free to use', icon: IconSparkles },
  { label: 'No sign-up', icon: IconBolt },
  { label: 'Private until you share', icon: IconLock },
] as const;

export function Hero() {
  const [scroll] = useWindowScroll();
  const reduceMotion = useReducedMotion();
  const showHint = scroll.y < LANDING_SCROLL_HINT_PX;

  const exploreFeatures = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById('features');
    if (!target) return;
    event.preventDefault();
    target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
    // Keyboard focus follows (the hint itself hides once the page scrolls): the next Tab goes on from there.
    target.focus({ preventScroll: true });
  };

  return (
    <section className={classes.hero} aria-labelledby="hero-title">
      <div className={classes.backdrop} aria-hidden="true" />
      <Container size="md" className={classes.inner}>
        <div className={classes.logoWrap}>
          <LogoMark size={88} title="MindFlow logo" className={classes.logo} />
        </div>
        <Title order={1} id="hero-title" className={classes.title}>
          MindFlow
        </Title>
        <Text component="p" className={classes.tagline}>
          Create. Connect. Innovate.
        </Text>
        <Text component="p" c="dimmed" className={classes.lead}>
          Turn scattered thoughts into clear, connected mind maps. A fast visual editor that runs entirely in your
          browser, from first spark to finished plan.
        </Text>
        <CtaButton size="xl" className={classes.cta}>
          Get Started
        </CtaButton>
        <Group component="ul" gap="lg" justify="center" className={classes.highlights}>
          {HIGHLIGHTS.map(({ label, icon: Icon }) => (
            <li key={label} className={classes.highlight}>
              <Icon size={16} className={classes.highlightIcon} />
              {label}
            </li>
          ))}
        </Group>
      </Container>

      <Transition mounted={showHint} transition="fade-up" duration={250} timingFunction="ease">
        {(styles) => (
          <a href="#features" className={classes.scrollHint} style={styles} onClick={exploreFeatures}>
            <span>Scroll to explore</span>
            <IconChevronDown size={20} className={classes.scrollChevron} />
          </a>
        )}
      </Transition>
    </section>
  );
}
