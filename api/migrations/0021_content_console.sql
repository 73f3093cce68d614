CREATE TABLE "article_attachments" (
	"article_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "article_attachments_article_id_file_id_pk" PRIMARY KEY("article_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "content_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"path" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "content_files_path_unique" UNIQUE("path"),
	CONSTRAINT "content_files_known_kind" CHECK ("content_files"."kind" in ('image', 'attachment'))
);
--> statement-breakpoint
CREATE TABLE "quick_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quick_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"label" text NOT NULL,
	"url" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "advertisements" ADD COLUMN "starts_on" date;--> statement-breakpoint
ALTER TABLE "advertisements" ADD COLUMN "ends_on" date;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "pinned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "slides" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "article_attachments" ADD CONSTRAINT "article_attachments_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_attachments" ADD CONSTRAINT "article_attachments_file_id_content_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."content_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_known_status" CHECK ("articles"."status" in ('draft', 'published'));