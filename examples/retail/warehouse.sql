-- The retail example's warehouse tables (PostgreSQL). copy-to-warehouse fills sluice_batch with each row's
-- load batch (the execution id); every other column comes from the enriched jobs' CSV batches.
-- ./sluice demo runs this before the pipelines; it drops and re-creates the three tables.
CREATE SCHEMA IF NOT EXISTS retail;

DROP TABLE IF EXISTS retail.orders, retail.customers, retail.returns;

CREATE TABLE retail.orders (
  order_id     text           NOT NULL,
  customer_id  text           NOT NULL,
  ordered_at   timestamptz    NOT NULL,
  order_date   date           NOT NULL,
  store_id     text           NOT NULL,
  sku          text           NOT NULL,
  quantity     integer        NOT NULL,
  unit_price   numeric(10, 2) NOT NULL,
  currency     char(3)        NOT NULL,
  line_total   numeric(12, 2) NOT NULL,
  sluice_batch text           NOT NULL
);

CREATE TABLE retail.customers (
  customer_id  text NOT NULL,
  name         text NOT NULL,
  email        text NOT NULL,
  email_domain text NOT NULL,
  city         text,
  country      char(2),
  signup_date  date,
  segment      text,
  sluice_batch text NOT NULL
);

CREATE TABLE retail.returns (
  return_id    text        NOT NULL,
  order_id     text        NOT NULL,
  returned_at  timestamptz NOT NULL,
  return_date  date        NOT NULL,
  quantity     integer     NOT NULL,
  reason       text,
  sluice_batch text        NOT NULL
);
