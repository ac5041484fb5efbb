// The service part of an alarm's key (adv50 round 4): one service reached by two loopback names (127.0.0.1 and
// localhost) made two alarms for one shift start — two windows, two phone alerts, and the phone rang after the ack
// given in the other's window. Loopback names are one host; anything else stays as written (case and path aside).
import { describe, expect, it } from 'vitest';
import { serviceKeyOf } from '../../../electron/core/alarm/plan';

describe('serviceKeyOf', () => {
  it('takes the loopback names of one port as one service', () => {
    const key = serviceKeyOf('http://127.0.0.1:8080');
    expect(serviceKeyOf('http://localhost:8080/')).toBe(key);
    expect(serviceKeyOf('http://LocalHost:8080/api')).toBe(key);
    expect(serviceKeyOf('http://[::1]:8080')).toBe(key);
    expect(key).toBe('http://127.0.0.1:8080');
  });

  it('keeps other ports, schemes and hosts apart', () => {
    expect(serviceKeyOf('http://localhost:8081')).not.toBe(serviceKeyOf('http://127.0.0.1:8080'));
    expect(serviceKeyOf('https://localhost:8080')).not.toBe(serviceKeyOf('http://localhost:8080'));
    expect(serviceKeyOf('https://oncall.example.com/')).toBe('https://oncall.example.com');
    expect(serviceKeyOf('https://ONCALL.example.com:443')).toBe('https://oncall.example.com');
  });
});
