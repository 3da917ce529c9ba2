import type { ReactNode } from 'react';
import { Badge, Text, Title } from '@mantine/core';
import classes from './SectionHeading.module.css';

interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
  align?: 'center' | 'left';
}

/** Eyebrow badge, section title (h2, referenced by the section's aria-labelledby) and a short lead. */
export function SectionHeading({ id, eyebrow, title, children, align = 'center' }: SectionHeadingProps) {
  return (
    <div className={classes.root} data-align={align}>
      <Badge variant="light" size="lg" radius="xl" className={classes.eyebrow}>
        {eyebrow}
      </Badge>
      <Title order={2} id={id} className={classes.title}>
        {title}
      </Title>
      {children && (
        <Text c="dimmed" className={classes.lead}>
          {children}
        </Text>
      )}
    </div>
  );
}
