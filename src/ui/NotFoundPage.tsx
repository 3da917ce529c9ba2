import { useEffect } from 'react';
import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { MESSAGES } from '../state/model';
import { useDocumentTitle } from './hooks/useDocumentTitle';

export function NotFoundPage() {
  const location = useLocation();
  useDocumentTitle('Page not found — MindFlow');
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);
  return (
    <Center mih="100vh">
      <Stack align="center" gap="sm">
        <Title order={1}>404</Title>
        <Text size="xl" c="dimmed">
          {MESSAGES.notFound}
        </Text>
        <Anchor component={Link} to="/">
          Return to Home
        </Anchor>
      </Stack>
    </Center>
  );
}
