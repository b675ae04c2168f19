-- Transform: the partner's daily sales extract, one line per country, segment and store.
COPY (
  SELECT order_date AS business_date, country, segment, store_id, count(*) AS order_lines, sum(quantity) AS units,
         sum(line_total) AS revenue_eur
  FROM read_parquet('${store}/${source}${partition}.parquet')
  GROUP BY ALL
  ORDER BY country, segment, store_id
) TO '${store}/${target}${partition}.csv' (HEADER);
