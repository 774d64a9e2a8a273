import { PlaylistWatch } from './playlistWatch';

describe('PlaylistWatch', () => {
  it('says the stream stopped once the arriving playlist has not grown for the set time, and that it is back when it grows', () => {
    const changes: boolean[] = [];
    const watch = new PlaylistWatch((stalled) => changes.push(stalled), 4_000);
    watch.loaded(10, 0);
    watch.loaded(11, 1_000);
    watch.loaded(11, 3_000);
    expect(changes).toEqual([]);
    watch.loaded(11, 5_000);
    watch.loaded(11, 6_000);
    expect(changes).toEqual([true]);
    // The restarted packager numbers on: the playlist grows again.
    watch.loaded(40, 26_000);
    watch.loaded(41, 27_000);
    expect(changes).toEqual([true, false]);
  });

  it('says nothing while the playlist keeps growing', () => {
    const changes: boolean[] = [];
    const watch = new PlaylistWatch((stalled) => changes.push(stalled), 4_000);
    for (let second = 0; second < 20; second += 1) watch.loaded(second, second * 1_000);
    expect(changes).toEqual([]);
  });
});
