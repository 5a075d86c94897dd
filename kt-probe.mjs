import kt from '@napi-rs/keyring/keytar.js';
const S='Lookup Tray';
const steps = process.argv[2].split(',');
for (const n of steps) {
  const f = {find:()=>kt.findCredentials(S), get:()=>kt.getPassword(S,'x'), set:()=>kt.setPassword(S,'x','y'), del:()=>kt.deletePassword(S,'x')}[n];
  try { console.log(n, JSON.stringify(await f())); } catch(e) { console.log(n,'ERR', e.message, e.code, e.cause?.message); }
}
