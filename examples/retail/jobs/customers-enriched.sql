-- Enriched: customers with their e-mail domain and a normalised country code, as Parquet for the lake and
-- as the CSV batch for retail.customers.
CREATE TABLE customers AS
  SELECT customer_id, name, email, split_part(email, '@', 2) AS email_domain, city, upper(trim(country)) AS country,
         signup_date, segment
  FROM read_parquet('${store}/${source}${partition}.parquet');

COPY customers TO '${store}/${target}${partition}.parquet' (FORMAT parquet);

COPY (SELECT * FROM customers ORDER BY customer_id) TO '${store}/${extract}${partition}.csv' (HEADER);
