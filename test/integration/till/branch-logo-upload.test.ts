// The receipt logo chosen as a file on the Branch screen (issue 23, part 8):
// its bytes come through the till API (uploadLogo), are checked as hostile
// input, kept beside the database readable by the till's user only, and
// printing.logo_file points at them; what is not a sane PNG is refused with
// a reason the UI words in its language, and nothing changes.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createCanvas } from '@napi-rs/canvas';
import { BranchSetup } from '../../../src-main/branch/index.ts';
import { getSetting, setSettingFromText } from '../../../src-main/settings/index.ts';
import { readPrintContext } from '../../../src-main/printing/index.ts';
import { TillError, TillInputError } from '../../../src-shared/errors/index.ts';
import { MESSAGES_AR, MESSAGES_EN } from '../../../src-shared/i18n/index.ts';
import { openPrintingShop, type PrintingShop } from '../printing/printing-shop.ts';
import { refusal } from '../../support/refusal.ts';

const SHIPPED_LOGO = fileURLToPath(new URL('../../../resources/printing/logo.png', import.meta.url));

const open: PrintingShop[] = [];
afterEach(async () => {
  for (const shop of open.splice(0)) await shop.close();
});

async function branch(): Promise<{ shop: PrintingShop; branch: BranchSetup }> {
  const shop = await openPrintingShop({ bind: [], startQueue: false });
  open.push(shop);
  return { shop, branch: new BranchSetup({ db: shop.db }) };
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/** A real PNG drawn here, of any size. */
function drawnPng(width: number, height: number): Uint8Array {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, Math.ceil(width / 2), height);
  return new Uint8Array(canvas.toBuffer('image/png'));
}

/** A PNG signature and header claiming `width` × `height`, with a tiny image body: a decompression bomb's shape. */
function claimedPng(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'latin1');
    data.copy(out, 8);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 0;
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.alloc(64))),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

describe('the receipt logo as a file', () => {
  it('keeps a real PNG beside the database (0600), sets printing.logo_file, and receipts print it', async () => {
    const { shop, branch: setup } = await branch();
    const png = new Uint8Array(readFileSync(SHIPPED_LOGO));
    const view = await setup.uploadLogo({ png_base64: b64(png) });
    const path = getSetting(shop.db, 'printing.logo_file')!;
    expect(path).not.toBeNull();
    expect(view.receipt.logo_file).toBe(path);
    expect(dirname(path)).toBe(dirname(shop.db.name));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(new Uint8Array(readFileSync(path))).toEqual(png);
    expect(readPrintContext(shop.db).logo()).toEqual(png);

    // Another logo replaces it: a new file (logos are cached by path), the old one gone, no temporary left.
    const second = drawnPng(120, 40);
    await setup.uploadLogo({ png_base64: b64(second) });
    const next = getSetting(shop.db, 'printing.logo_file')!;
    expect(next).not.toBe(path);
    expect(new Uint8Array(readFileSync(next))).toEqual(second);
    const logos = readdirSync(dirname(next)).filter((name) => name.startsWith('logo-'));
    expect(logos).toEqual([next.slice(dirname(next).length + 1)]);

    // The command line keeps working beside it, and the screen shows what it set.
    setSettingFromText(shop.db, 'printing.logo_file', SHIPPED_LOGO);
    expect((await setup.branchSetup()).receipt.logo_file).toBe(SHIPPED_LOGO);
  });

  it('refuses what is not a sane PNG, says why by a code worded in both languages, and changes nothing', async () => {
    const { shop, branch: setup } = await branch();
    const cases: [string, Uint8Array, string][] = [
      ['a text file', new TextEncoder().encode('not a picture at all, just words'), 'logo.not-png'],
      ['a JPEG', Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, ...new Array(64).fill(0)]), 'logo.not-png'],
      [
        'a PNG header over a broken body',
        (() => {
          const good = drawnPng(40, 20);
          const broken = good.slice(0, 60);
          return broken;
        })(),
        'logo.not-png',
      ],
      ['a PNG claiming 30,000 × 30,000 pixels', claimedPng(30_000, 30_000), 'logo.dimensions'],
    ];
    for (const [what, bytes, code] of cases) {
      const error = await refusal(setup.uploadLogo({ png_base64: b64(bytes) }));
      expect(error, what).toBeInstanceOf(TillError);
      expect(error.code, what).toBe('invalid_input');
      expect(error.reason?.code, what).toBe(code);
      expect(MESSAGES_EN[`reason.${code}` as keyof typeof MESSAGES_EN], what).toBeTruthy();
      expect(MESSAGES_AR[`reason.${code}` as keyof typeof MESSAGES_AR], what).toMatch(/[\u0600-\u06ff]/);
    }
    // Over the size limit, or not base64: refused by the input schema before any byte is looked at.
    await expect(setup.uploadLogo({ png_base64: 'A'.repeat(800_000) })).rejects.toBeInstanceOf(TillInputError);
    await expect(setup.uploadLogo({ png_base64: 'not base64 at all!' })).rejects.toBeInstanceOf(TillInputError);
    expect(getSetting(shop.db, 'printing.logo_file')).toBeNull();
    expect(readdirSync(dirname(shop.db.name)).filter((name) => name.startsWith('logo-'))).toEqual([]);
  });

  it('previews a chosen logo before it is saved, and checks it the same way', async () => {
    const { shop, branch: setup } = await branch();
    const view = await setup.branchSetup();
    const plain = { ...view.receipt, paper_width: 80 as const };
    const without = await setup.receiptSettingsPreview(plain);
    const withLogo = await setup.receiptSettingsPreview({ ...plain, logo_png_base64: b64(drawnPng(200, 80)) });
    expect(withLogo).toMatch(/^data:image\/png;base64,/);
    expect(withLogo).not.toBe(without);
    const error = await refusal(setup.receiptSettingsPreview({ ...plain, logo_png_base64: b64(new TextEncoder().encode('GIF89a....')) }));
    expect(error.reason?.code).toBe('logo.not-png');
    expect(getSetting(shop.db, 'printing.logo_file')).toBeNull();
  });
});
