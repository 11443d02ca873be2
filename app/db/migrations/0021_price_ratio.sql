-- How far a product's sort price (unit_price: sale_price1, else the MRP) lies above its best
-- price (the lowest tier price, which the price range filters on). A listing sorted by price with
-- a price range reads the store's highest and lowest ratio from this index as its statement runs,
-- and bounds unit_price with them, so its walk of products_store_price starts where the range
-- does: 'priceDesc, max 200' read the 55,000 index entries above it first (6 ms), and 'priceAsc,
-- min 1000' the 80,000 below it (13 ms).
CREATE INDEX "products_store_price_ratio" ON "products" USING btree ("store_id",("unit_price"::float8 / "best_price")) WHERE active and best_price > 0;