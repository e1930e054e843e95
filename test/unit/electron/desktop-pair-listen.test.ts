import type { NetworkInterfaceInfo } from 'node:os';
import { expect, it } from 'vitest';
import { desktopPairListen } from '../../../src-main/electron/desktop-pair.ts';

// Issue 36: where the desktop hub listens for its standby. Nothing at all
// unless hub.desktop_standby_port names a port; then every interface, told
// to the standby as this computer's address on the branch network.

const nic = (address: string, internal = false): NetworkInterfaceInfo =>
  ({ address, family: 'IPv4', internal, netmask: '255.255.255.0', mac: '00:00:00:00:00:00', cidr: null }) as NetworkInterfaceInfo;

it('listens nowhere with port 0 (the default), and tells the standby its LAN address, never a public one or 0.0.0.0', () => {
  expect(desktopPairListen(0, { eth0: [nic('192.168.1.20')] })).toBeNull();
  const listen = desktopPairListen(4780, { lo: [nic('127.0.0.1', true)], wan: [nic('203.0.113.7')], eth0: [nic('192.168.1.20')] });
  expect(listen).toMatchObject({ host: '0.0.0.0', port: 4780 });
  expect(listen!.advertise(4780)).toBe('http://192.168.1.20:4780');
  // No address on a branch network: loopback only is told (the manager sees it on the Stations tab and fixes the network).
  expect(desktopPairListen(4780, { wan: [nic('203.0.113.7')] })!.advertise(4780)).toBe('http://127.0.0.1:4780');
});
