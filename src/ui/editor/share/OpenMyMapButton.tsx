/** The way back from a share link that opens no map: to the map /mindmap opens on this device. */
import { Button } from '@mantine/core';
import { Link } from 'react-router-dom';

/** `before`: runs as it is pressed, before /mindmap opens. */
export function OpenMyMapButton({ before }: { before?: () => void }) {
  return (
    <Button component={Link} to="/mindmap" variant="light" color="violet" size="sm" onClick={before}>
      Open my map
    </Button>
  );
}
