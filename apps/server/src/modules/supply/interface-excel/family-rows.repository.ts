import type { Executor } from '../../../platform/db/executor.ts';
import { ContactRelationsRepository } from './contact-relations.repository.ts';
import { ContactsRepository } from './contacts.repository.ts';
import { DeptDiscountsRepository } from './dept-discounts.repository.ts';
import { LookupsRepository } from './lookups.repository.ts';
import { SalesActivitiesRepository } from './sales-activities.repository.ts';

/** The SQL of every family, on one executor: the database for pages and checks, the confirming transaction for a re-check and apply. */
export class FamilyRows {
  readonly lookups: LookupsRepository;
  readonly contacts: ContactsRepository;
  readonly relations: ContactRelationsRepository;
  readonly activities: SalesActivitiesRepository;
  readonly discounts: DeptDiscountsRepository;

  constructor(db: Executor) {
    this.lookups = new LookupsRepository(db);
    this.contacts = new ContactsRepository(db);
    this.relations = new ContactRelationsRepository(db);
    this.activities = new SalesActivitiesRepository(db);
    this.discounts = new DeptDiscountsRepository(db);
  }
}
