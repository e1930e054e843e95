import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type TillDatabase } from '../../../src-main/db/index.ts';
import { acceptPeerUnit, ownUnitRecord } from '../../../src-main/zatca/unit-handover.ts';
import { appendDocument, readEgs, readEgsUnit, recordPeerUnit, saveEgs, type EgsState } from '../../../src-main/zatca/zatca-store.ts';
import { FIRST_PREVIOUS_INVOICE_HASH } from '../../../src-shared/zatca/index.ts';
import { tempDir } from '../../support/temp-dir.ts';
import { testSigner } from '../../support/zatca-egs.ts';

// Issue 36 item 4 on real SQLite files: a branch's database holds every EGS
// unit (a hub and its standby), each with its own counter and hash chain;
// which unit a machine is lives in a machine-local row; no counter is ever
// used twice for one unit, even by a hub that signed alone and then took
// its successor's copy, which never had those documents.

let dir: ReturnType<typeof tempDir>;
const open: TillDatabase[] = [];
beforeEach(() => {
  dir = tempDir('till-egs-units-');
});
afterEach(() => {
  open.splice(0).forEach((db) => db.open && db.close());
  dir.cleanup();
});

const db = (name: string) => {
  const made = openDatabase(dir.file(name));
  open.push(made);
  return made;
};

async function unit(name: string): Promise<Omit<EgsState, 'next_icv' | 'last_hash'>> {
  const { signer } = await testSigner();
  return {
    unit: name,
    environment: 'sandbox',
    base_url: 'http://127.0.0.1:1/zatca',
    common_name: name,
    certificate: signer.certificate.base64,
    certificate_expires_at: signer.certificate.notAfter,
    onboarded_at: 1,
    invoice_types: '1100',
  };
}

function onboardAs(target: TillDatabase, egs: Omit<EgsState, 'next_icv' | 'last_hash'>): void {
  const { unit: _unit, ...rest } = egs;
  saveEgs(target, rest, FIRST_PREVIOUS_INVOICE_HASH);
}

/** Signs the next document of this machine's unit as checkout does (a stand-in hash: the chain is what is checked). */
function sign(target: TillDatabase): { icv: number; pih: string; hash: string; unit: string } {
  const egs = readEgs(target)!;
  const hash = randomUUID();
  target.transaction(() =>
    appendDocument(target, {
      egs_unit: egs.unit,
      icv: egs.next_icv,
      order_uuid: randomUUID(),
      uuid: randomUUID(),
      kind: 'invoice',
      profile: 'simplified',
      number: `N-${egs.next_icv}`,
      issued_at: 1,
      pih: egs.last_hash,
      hash,
      qr: 'qr',
      xml: '<Invoice/>',
      buyer: null,
      report_state: 'pending',
    }),
  )();
  return { icv: egs.next_icv, pih: egs.last_hash, hash, unit: egs.unit };
}

describe('EGS units of a branch', () => {
  it('gives each unit its own chain in one database, and never a counter twice', async () => {
    const hubUnit = await unit('Till-hub');
    const standbyUnit = await unit('Till-standby');
    const shared = db('hub.db');
    onboardAs(shared, hubUnit);
    // The standby's unit as the hub records it from the stream: its chain is its own, from the start.
    expect(acceptPeerUnit(shared, ownUnitRecordOf(standbyUnit))).toBe(true);
    const a1 = sign(shared);
    const a2 = sign(shared);
    expect([a1.icv, a1.pih, a2.icv, a2.pih]).toEqual([1, FIRST_PREVIOUS_INVOICE_HASH, 2, a1.hash]);
    expect(readEgsUnit(shared, standbyUnit.unit)).toMatchObject({ next_icv: 1, last_hash: FIRST_PREVIOUS_INVOICE_HASH });

    // The same file as the standby's after a takeover: its own unit signs its own chain, the hub's row stays where the hub left it.
    await shared.backup(dir.file('standby.db'));
    const copy = db('standby.db');
    onboardAs(copy, standbyUnit);
    const b1 = sign(copy);
    expect(b1).toMatchObject({ unit: standbyUnit.unit, icv: 1, pih: FIRST_PREVIOUS_INVOICE_HASH });
    expect(readEgsUnit(copy, hubUnit.unit)).toMatchObject({ next_icv: 3, last_hash: a2.hash });
    // A counter the unit used is refused at the database, whoever writes it.
    const reuse = () =>
      appendDocument(copy, {
        egs_unit: hubUnit.unit,
        icv: 2,
        order_uuid: randomUUID(),
        uuid: randomUUID(),
        kind: 'invoice',
        profile: 'simplified',
        number: 'again',
        issued_at: 1,
        pih: a1.hash,
        hash: randomUUID(),
        qr: 'qr',
        xml: '<Invoice/>',
        buyer: null,
        report_state: 'pending',
      });
    expect(() => copy.transaction(reuse)()).toThrow(/UNIQUE/);
  });

  it('records a peer’s unit only when it is another unit with a readable certificate, and never moves a chain', async () => {
    const hubUnit = await unit('Till-hub');
    const hub = db('hub.db');
    onboardAs(hub, hubUnit);
    sign(hub);
    // The hub's own unit from the wire is refused (its row and chain stay).
    expect(acceptPeerUnit(hub, ownUnitRecordOf(hubUnit))).toBe(false);
    expect(acceptPeerUnit(hub, { ...ownUnitRecordOf(await unit('Till-x')), certificate: 'not a certificate' })).toBe(false);
    expect(acceptPeerUnit(hub, { ...ownUnitRecordOf(await unit('Till-y')), common_name: 'Till-z' })).toBe(false);
    expect(acceptPeerUnit(hub, { ...ownUnitRecordOf(await unit('Till-w')), onboarded_at: 'soon' })).toBe(false);
    expect(readEgsUnit(hub, hubUnit.unit)).toMatchObject({ next_icv: 2 });
    // A peer's unit renewed later keeps its chain.
    const peer = await unit('Till-peer');
    acceptPeerUnit(hub, ownUnitRecordOf(peer));
    hub.prepare("UPDATE zatca_egs SET next_icv = 7, last_hash = 'h6' WHERE unit = 'Till-peer'").run();
    recordPeerUnit(hub, { ...peer, certificate: (await unit('Till-peer')).certificate }, FIRST_PREVIOUS_INVOICE_HASH);
    expect(readEgsUnit(hub, 'Till-peer')).toMatchObject({ next_icv: 7, last_hash: 'h6' });
    // What a machine says of itself carries no chain.
    expect(ownUnitRecord(hub)).not.toHaveProperty('next_icv');
    expect(ownUnitRecord(hub)).toMatchObject({ unit: 'Till-hub', certificate: hubUnit.certificate });
  });

  it('continues after the documents a hub signed alone when its file is replaced by a copy that never had them', async () => {
    const hubUnit = await unit('Till-hub');
    const hub = db('hub.db');
    onboardAs(hub, hubUnit);
    sign(hub);
    // The standby's copy stops here (the hub then answered alone).
    await hub.backup(dir.file('successor.db'));
    sign(hub);
    const a3 = sign(hub);
    const mine = hub.prepare('SELECT * FROM zatca_this_machine').get() as Record<string, unknown>;
    hub.close();
    // The old hub rejoins from its successor's copy; its machine-local row is kept (src-main/standby/machine-rows.ts).
    const rejoined = db('successor.db');
    rejoined.prepare('DELETE FROM zatca_this_machine').run();
    rejoined.prepare('INSERT INTO zatca_this_machine (id, unit, next_icv, last_hash) VALUES (@id, @unit, @next_icv, @last_hash)').run(mine);
    expect(readEgsUnit(rejoined, hubUnit.unit)).toMatchObject({ next_icv: 2 });
    const a4 = sign(rejoined);
    expect(a4).toMatchObject({ icv: 4, pih: a3.hash });
    expect(readEgsUnit(rejoined, hubUnit.unit)).toMatchObject({ next_icv: 5, last_hash: a4.hash });
  });
});

function ownUnitRecordOf(egs: Omit<EgsState, 'next_icv' | 'last_hash'>): Record<string, unknown> {
  return { ...egs };
}
