import { Center, Title } from '@mantine/core';

export function EditorPage() {
  return (
    <Center mih="100vh">
      <Title>Main Topic</Title>
    </Center>
  );
}
