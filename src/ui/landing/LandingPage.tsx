import { Button, Center, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

export function LandingPage() {
  return (
    <Center mih="100vh">
      <Stack align="center">
        <Title>MindFlow</Title>
        <Button component={Link} to="/mindmap">
          Get Started
        </Button>
      </Stack>
    </Center>
  );
}
