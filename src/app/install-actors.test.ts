import { describe, expect, it } from 'vitest';
import { installFactsOf, iosVersionOf } from './install-actors.ts';

const agents = {
  iphoneSafari17: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iphoneSafari12: 'Mozilla/5.0 (iPhone; CPU iPhone OS 12_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.0 Mobile/15E148 Safari/604.1',
  iphoneChrome: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
  iphoneFacebook: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/450.0]',
  ipadDesktop: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  desktop: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
};

describe('where the site runs (the install machine’s facts)', () => {
  it('reads iOS’s version from the OS token, else Safari’s', () => {
    expect(iosVersionOf(agents.iphoneSafari17)).toEqual([17, 4]);
    expect(iosVersionOf(agents.iphoneSafari12)).toEqual([12, 1]);
    expect(iosVersionOf(agents.desktop)).toBeNull();
  });

  it('tells Safari on iOS from other iOS browsers and in-app web views', () => {
    expect(installFactsOf(agents.iphoneSafari17, false, true, false)).toMatchObject({ ios: true, safari: true, mobile: true, iosVersion: [17, 4] });
    expect(installFactsOf(agents.iphoneChrome, false, true, false)).toMatchObject({ ios: true, safari: false });
    expect(installFactsOf(agents.iphoneFacebook, false, true, false)).toMatchObject({ ios: true, safari: false });
  });

  it('an iPad asking for the desktop site is iOS; Android and desktops are not', () => {
    expect(installFactsOf(agents.ipadDesktop, false, true, false, true)).toMatchObject({ ios: true, safari: true, mobile: true });
    expect(installFactsOf(agents.ipadDesktop, false, true, false, false)).toMatchObject({ ios: false, mobile: false });
    expect(installFactsOf(agents.android, false, true, false)).toMatchObject({ ios: false, mobile: true, iosVersion: null });
    expect(installFactsOf(agents.desktop, true, false, true)).toEqual({
      standalone: true,
      mobile: false,
      ios: false,
      iosVersion: null,
      safari: false,
      barClosed: true,
      online: false,
    });
  });
});
