/** A notification body is escaped for the freedesktop body markup on Linux only. */
import { describe, expect, it } from 'vitest';
import { notificationBody } from '../../../../electron/core/lib/notify-text';

describe('notificationBody', () => {
  const said = 'Stopped (403): <a href="http://evil.example">Renew</a> <img src="file:///etc/passwd"/> & <b>now</b>';

  it('on Linux, & < > are escaped, so markup in a service message reads as text', () => {
    expect(notificationBody(said, 'linux')).toBe(
      'Stopped (403): &lt;a href="http://evil.example"&gt;Renew&lt;/a&gt; &lt;img src="file:///etc/passwd"/&gt; &amp; &lt;b&gt;now&lt;/b&gt;',
    );
    expect(notificationBody('already &amp; escaped', 'linux')).toBe('already &amp;amp; escaped');
    expect(notificationBody('2,000 of 10,000 requests left (20 %).', 'linux')).toBe(
      '2,000 of 10,000 requests left (20 %).',
    );
  });

  it('on macOS and Windows (plain-text bodies) the text is left as it is', () => {
    expect(notificationBody(said, 'darwin')).toBe(said);
    expect(notificationBody(said, 'win32')).toBe(said);
  });
});
