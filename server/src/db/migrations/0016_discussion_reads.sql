CREATE TABLE "discussion_reads" (
	"user_id" integer NOT NULL,
	"discussion_id" integer NOT NULL,
	"last_comment_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_reads_user_id_discussion_id_pk" PRIMARY KEY("user_id","discussion_id")
);
--> statement-breakpoint
ALTER TABLE "discussion_reads" ADD CONSTRAINT "discussion_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_reads" ADD CONSTRAINT "discussion_reads_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discussion_reads_discussion_id_index" ON "discussion_reads" USING btree ("discussion_id");--> statement-breakpoint
CREATE INDEX "comments_discussion_id_id_index" ON "comments" USING btree ("discussion_id","id");