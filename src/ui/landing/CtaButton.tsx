import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { prefetchEditor } from '../loadEditor';
import { IconArrowRight } from './icons';

const ARROW_SIZE = { md: 16, lg: 18, xl: 20 } as const;

/** Every call-to-action on the landing page: a gradient button that opens the editor (and starts loading it when pointed at or focused). */
export function CtaButton({ children, size = 'lg', ...rest }: Omit<ButtonProps, 'size'> & { size?: keyof typeof ARROW_SIZE; className?: string; children: ReactNode }) {
  return (
    <Button
      component={Link}
      to="/mindmap"
      size={size}
      radius="xl"
      variant="gradient"
      gradient={{ from: 'violet', to: 'indigo', deg: 135 }}
      rightSection={<IconArrowRight size={ARROW_SIZE[size]} />}
      onPointerEnter={prefetchEditor}
      onFocus={prefetchEditor}
      {...rest}
    >
      {children}
    </Button>
  );
}
