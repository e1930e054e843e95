// A till in a process of its own ringing up one B2B sale, so a test can
// SIGKILL it while ZATCA holds the clearance answer: the database file, a
// product and the buyer (JSON) come as arguments; it prints "sent" once the
// checkout call is made and never returns from it while the answer is held.
import { openDatabase } from '../../src-main/db/index.ts';
import { FileSecretStore } from '../../src-main/secrets/index.ts';
import { TillService } from '../../src-main/host/index.ts';
import { checkoutStamp, egsSignerSource, readZatcaSeller, StandardInvoices } from '../../src-main/zatca/index.ts';
import { allowedChoice } from './option-choice.ts';

const [dbFile, productId, buyerJson] = process.argv.slice(2);
const db = openDatabase(dbFile!);
const secrets = () => new FileSecretStore(db);
const seller = () => readZatcaSeller(db).seller;
const till = new TillService({
  db,
  stampAtCheckout: checkoutStamp({ db, signer: egsSignerSource(db, secrets), seller }),
  standardInvoices: new StandardInvoices({ db, secrets, signer: egsSignerSource(db, secrets), seller }),
});
await till.addItem({ product_id: productId!, quantity: 1, modifier_ids: allowedChoice((await till.product({ id: productId! })).modifiers) });
const { total } = await till.cart();
const checkout = till.checkout({ payments: [{ method_key: 'CASH', amount: total }], buyer: JSON.parse(buyerJson!) });
console.log('sent');
console.log(JSON.stringify(await checkout));
