-- An import matches a file's emails to the company's contacts in any case.
CREATE INDEX "contacts_email_key_idx" ON "contacts" USING btree ("company_id",lower("email"));
