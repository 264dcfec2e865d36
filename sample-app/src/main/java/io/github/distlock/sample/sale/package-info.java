/**
 * Flash-sale load: {@link io.github.distlock.sample.sale.FlashSale} fires one purchase per buyer
 * at one or more instances of the app and reports whether the stock stayed right; the
 * {@link io.github.distlock.sample.sale.FlashSaleLoadDriver} runs it from a command line, and
 * {@code /api/sales} runs it inside the app.
 */
@NullMarked
package io.github.distlock.sample.sale;

import org.jspecify.annotations.NullMarked;
