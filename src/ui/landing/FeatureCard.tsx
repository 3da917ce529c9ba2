import { useRef, type PointerEvent } from 'react';
import { Text, ThemeIcon, Title } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import type { LandingFeature } from './featureData';
import { tiltFor } from './tilt';
import classes from './FeatureCard.module.css';

export function FeatureCard({ feature }: { feature: LandingFeature }) {
  const ref = useRef<HTMLElement>(null);
  const reduceMotion = useReducedMotion();
  const Icon = feature.icon;

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const el = ref.current;
    if (!el || reduceMotion || event.pointerType === 'touch') return;
    const rect = el.getBoundingClientRect();
    const x = event.clientX - rect.left;
    const y = event.clientY - rect.top;
    const { rotateX, rotateY } = tiltFor(x, y, rect.width, rect.height);
    el.style.setProperty('--tilt-x', `${rotateX.toFixed(2)}deg`);
    el.style.setProperty('--tilt-y', `${rotateY.toFixed(2)}deg`);
    el.style.setProperty('--glare-x', `${((x / rect.width) * 100).toFixed(1)}%`);
    el.style.setProperty('--glare-y', `${((y / rect.height) * 100).toFixed(1)}%`);
    el.dataset.tilting = 'true';
  };

  const onPointerLeave = () => {
    const el = ref.current;
    if (!el) return;
    el.style.removeProperty('--tilt-x');
    el.style.removeProperty('--tilt-y');
    el.style.removeProperty('--glare-x');
    el.style.removeProperty('--glare-y');
    delete el.dataset.tilting;
  };

  return (
    <article
      ref={ref}
      className={classes.card}
      onPointerMove={onPointerMove}
      onPointerLeave={onPointerLeave}
      onPointerCancel={onPointerLeave}
      data-testid="feature-card"
    >
      <div className={classes.glare} aria-hidden="true" />
      <ThemeIcon size={52} radius="md" variant="gradient" gradient={feature.gradient} className={classes.icon}>
        <Icon size={28} />
      </ThemeIcon>
      <Title order={3} className={classes.title}>
        {feature.title}
      </Title>
      <Text c="dimmed" size="sm" lh={1.6}>
        {feature.description}
      </Text>
    </article>
  );
}
