/** What the command line says when there is no system keychain to keep the key in (it keeps keys nowhere else). */
export const NO_KEYCHAIN =
  'No system keychain found: install and unlock GNOME Keyring or KWallet (Linux), or use the macOS Keychain / Windows Credential Manager. The command line keeps keys only there.';
