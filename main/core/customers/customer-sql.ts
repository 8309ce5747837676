import { z } from 'zod';
import type { SqliteFile } from '../platform/statement-cache';
import type { ValidCustomer } from '../../../shared/customer-rules';

/** A customer's own row (their cards are read apart). */
export interface CustomerRow extends ValidCustomer {
  customerId: string;
  createdAt: number;
}

const rowSchema = z.object({
  customer_id: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  notes: z.string(),
  created_at: z.number(),
});

const toRow = (raw: unknown): CustomerRow => {
  const row = rowSchema.parse(raw);
  return {
    customerId: row.customer_id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    notes: row.notes,
    createdAt: row.created_at,
  };
};

/** What a search looks for; a null part is not looked for. */
export interface CustomerMatch {
  /** Any part of the name, any case (ASCII), `%` and `_` taken literally. */
  name: string;
  /** Digits anywhere in the E.164 phone. */
  phoneDigits: string | null;
  /** A saved card's last 4, exactly. */
  last4: string | null;
}

const columns = 'customer_id, name, phone, email, notes, created_at';
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The customers table of the journal file (step 16). */
export function customerSql({ prepare }: SqliteFile) {
  return {
    insert(customerId: string, customer: ValidCustomer, operator: string | null, now: number) {
      prepare(
        `INSERT INTO customers (${columns}, created_by, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        customerId,
        customer.name,
        customer.phone,
        customer.email,
        customer.notes,
        now,
        operator,
        now,
      );
    },

    /** False when there is no such customer. */
    update(customerId: string, customer: ValidCustomer, now: number): boolean {
      const changed = prepare(
        `UPDATE customers SET name = ?, phone = ?, email = ?, notes = ?, updated_at = ?
         WHERE customer_id = ?`,
      ).run(customer.name, customer.phone, customer.email, customer.notes, now, customerId).changes;
      return Number(changed) > 0;
    },

    get(customerId: string): CustomerRow | null {
      const raw = prepare(`SELECT ${columns} FROM customers WHERE customer_id = ?`).get(customerId);
      return raw === undefined ? null : toRow(raw);
    },

    /** Newest first. */
    search(match: CustomerMatch, limit: number): CustomerRow[] {
      return prepare(
        `SELECT ${columns} FROM customers c
         WHERE c.name LIKE :name ESCAPE '\\'
            OR (:phone IS NOT NULL AND c.phone LIKE '%' || :phone || '%')
            OR c.customer_id IN (SELECT customer_id FROM saved_cards WHERE last4 = :last4)
         ORDER BY c.created_at DESC, c.customer_id DESC
         LIMIT :limit`,
      )
        .all({
          name: `%${likeEscaped(match.name)}%`,
          phone: match.phoneDigits,
          last4: match.last4,
          limit,
        })
        .map(toRow);
    },

    delete(customerId: string): boolean {
      return (
        Number(prepare('DELETE FROM customers WHERE customer_id = ?').run(customerId).changes) > 0
      );
    },
  };
}
