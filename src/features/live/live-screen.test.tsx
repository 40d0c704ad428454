import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveRoom } from '../../../contract/live.ts';
import { fetchServer, refuse } from '../../test/fetch-server.ts';
import { renderApp } from '../../test/render-app.tsx';

const mia: LiveRoom = { roomId: 1, hostName: 'Mia', title: 'Baccarat night', streaming: true };
const ana: LiveRoom = { roomId: 3, hostName: 'Ana', title: 'Roulette talk', streaming: false };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('live rooms (/m/live)', () => {
  it('lists the rooms, those on air marked Live, and opens a room that plays its stream', async () => {
    const server = fetchServer({
      'GET /wps/live/rooms': () => ({ rooms: [mia, ana] }),
      'GET /wps/live/room': () => ({ room: mia, streamUrl: '/live-static/demo.webm' }),
    });
    const { user } = renderApp({ path: '/m/live' });
    const list = await screen.findByRole('list', { name: 'Live rooms' });
    const rows = within(list).getAllByRole('link');
    expect(rows.map((a) => a.textContent)).toEqual(['Baccarat nightHost: MiaLive', 'Roulette talkHost: AnaOff air']);
    expect(rows.map((a) => a.getAttribute('href'))).toEqual(['/m/live?room=1', '/m/live?room=3']);

    await user.click(rows[0]!);
    const video = (await screen.findByLabelText('Live stream of Mia')) as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe('/live-static/demo.webm');
    expect(video.muted).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Starting the stream…');
    fireEvent.playing(video);
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    fireEvent.waiting(video);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Loading the stream…'));
    fireEvent.error(video);
    expect(await screen.findByText('The stream could not be played.')).toBeTruthy();
    expect(server.sent('GET', '/wps/live/room').map((r) => r.query)).toEqual([{ roomId: '1' }]);
    expect(screen.getByRole('button', { name: 'Open the live chat' })).toBeTruthy();
  });

  it('says when a host is off air, and when rooms are not available', async () => {
    fetchServer({
      'GET /wps/live/room': () => ({ room: ana, streamUrl: null }),
      'GET /wps/live/rooms': () => refuse(403, 'live.disabled'),
    });
    const { unmount } = renderApp({ path: '/m/live?room=3' });
    expect(await screen.findByText('Ana is not on air right now. The stream starts here when they are back.')).toBeTruthy();
    expect(screen.queryByRole('video')).toBeNull();
    unmount();
    renderApp({ path: '/m/live' });
    expect(await screen.findByText('Live rooms are not available at the moment.')).toBeTruthy();
  });
});
