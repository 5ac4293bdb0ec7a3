-- Invitations past their expiry are expired: say so, so they hold no address.
UPDATE "user_invitations" SET "status" = 'expired' WHERE "status" = 'pending' AND "expires_at" <= now();
--> statement-breakpoint
-- Of several pending invitations to one address in a company, the newest stays pending.
UPDATE "user_invitations" AS older SET "status" = 'expired'
WHERE older."status" = 'pending' AND EXISTS (
  SELECT 1 FROM "user_invitations" AS newer
  WHERE newer."company_id" = older."company_id" AND lower(newer."email") = lower(older."email")
    AND newer."status" = 'pending' AND (newer."created_at", newer."id") > (older."created_at", older."id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "user_invitations_pending_email_key" ON "user_invitations" USING btree ("company_id",lower("email")) WHERE "user_invitations"."status" = 'pending';
