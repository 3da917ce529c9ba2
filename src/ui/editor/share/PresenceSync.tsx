/**
 * Connects a shared map's presence with the canvas: other people's selections and pointers go to
 * the scene's presence layer; this person's pointer over the canvas (in map coordinates, at most
 * once a frame) goes to the others. Renders nothing.
 */
import { useEffect } from 'react';
import { useEditor } from '../EditorContext';

export function PresenceSync() {
  const { session, canvas } = useEditor();
  const connection = session.shared;

  useEffect(() => {
    if (!connection) return;
    let sentTo: unknown = null;
    let sent: unknown = null;
    const push = () => {
      const s = connection.getStatus();
      const people = s.state === 'live' ? s.people : [];
      const target = canvas.current;
      if (!target?.setPresence || (target === sentTo && people === sent)) return;
      target.setPresence(people);
      sentTo = target;
      sent = people;
      if (timer) clearInterval(timer);
      timer = 0;
    };
    // Until the canvas is ready, look for it now and then (it mounts after the session).
    let timer: ReturnType<typeof setInterval> | 0 = setInterval(push, 250);
    push();
    const stop = connection.subscribe(push);
    return () => {
      if (timer) clearInterval(timer);
      stop();
    };
  }, [connection, canvas]);

  useEffect(() => {
    if (!connection) return;
    const host = document.querySelector<HTMLElement>('[data-canvas-host]');
    if (!host) return;
    let frame = 0;
    let last: { x: number; y: number } | null = null;
    const send = () => {
      frame = 0;
      connection.setPointer(last);
    };
    const onMove = (e: PointerEvent) => {
      const cam = canvas.current?.getViewport?.();
      if (!cam) return;
      const r = host.getBoundingClientRect();
      last = { x: (e.clientX - r.left - cam.x) / cam.zoom, y: (e.clientY - r.top - cam.y) / cam.zoom };
      frame ||= requestAnimationFrame(send);
    };
    const onLeave = () => {
      last = null;
      frame ||= requestAnimationFrame(send);
    };
    host.addEventListener('pointermove', onMove);
    host.addEventListener('pointerleave', onLeave);
    return () => {
      host.removeEventListener('pointermove', onMove);
      host.removeEventListener('pointerleave', onLeave);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [connection, canvas]);

  return null;
}
