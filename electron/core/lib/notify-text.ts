/**
 * A notification's body as the system's notifier should be handed it. On Linux the freedesktop notification
 * servers (GNOME Shell, KDE, dunst, mako …) read the body as markup: a service's message carrying `<a href=…>`,
 * `<img src=…>` or `<b>` would be rendered, not shown. There `& < >` are escaped, so every body reads as the text it
 * is. macOS and Windows show bodies as plain text: escaping there would show `&amp;`.
 */
export function notificationBody(body: string, platform: NodeJS.Platform = process.platform): string {
  if (platform !== 'linux') return body;
  return body.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
