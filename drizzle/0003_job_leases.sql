CREATE TABLE "job_leases" (
	"name" varchar(100) PRIMARY KEY NOT NULL,
	"holder" varchar(100) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
