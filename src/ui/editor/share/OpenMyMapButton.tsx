/** The way back from a share link that opens no map: to the map /mindmap opens on this device. */
import { Button } from '@mantine/core';
import { Link } from 'react-router-dom';

export function OpenMyMapButton() {
  return (
    <Button component={Link} to="/mindmap" variant="light" color="violet" size="sm">
      Open my map
    </Button>
  );
}
