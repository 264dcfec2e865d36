/*
 * The flash-sale page: shows a good's stock, starts flash sales through the REST API, follows a
 * running sale and compares the modes' throughput. Plain JavaScript, no library, works offline.
 */
'use strict';

(function () {

	const MODES = ['lock', 'segmented', 'atomic', 'unsafe'];
	const GOODS_REFRESH_MS = 1000;
	const GOODS_REFRESH_DURING_SALE_MS = 500;
	const SALE_POLL_MS = 400;
	const SVG_NS = 'http://www.w3.org/2000/svg';

	const $ = (id) => document.getElementById(id);

	/** A non-2xx answer of the API, or no answer at all (status 0). */
	class ApiError extends Error {
		constructor(status, message) {
			super(message);
			this.status = status;
		}
	}

	async function api(method, url) {
		let response;
		try {
			response = await fetch(url, { method: method, headers: { Accept: 'application/json' }, cache: 'no-store' });
		}
		catch (ex) {
			throw new ApiError(0, 'cannot reach the server (' + ex.message + ')');
		}
		const text = await response.text();
		let body = null;
		if (text) {
			try {
				body = JSON.parse(text);
			}
			catch (ex) {
				body = null;
			}
		}
		if (!response.ok) {
			const detail = (body && (body.error || body.message || body.reason)) || response.statusText || 'request failed';
			throw new ApiError(response.status, detail);
		}
		return body;
	}

	function query(params) {
		return Object.keys(params)
			.map((name) => encodeURIComponent(name) + '=' + encodeURIComponent(params[name]))
			.join('&');
	}

	// ---- messages ---------------------------------------------------------------------------

	function showMessage(kind, text) {
		const message = $('message');
		message.textContent = text;
		message.className = 'message ' + kind;
		message.dataset.kind = kind;
		message.hidden = false;
	}

	function showError(what, ex) {
		const status = (ex instanceof ApiError && ex.status) ? ' (HTTP ' + ex.status + ')' : '';
		showMessage('error', what + ': ' + ex.message + status);
	}

	function clearMessage() {
		const message = $('message');
		message.hidden = true;
		message.textContent = '';
	}

	// ---- formatting -------------------------------------------------------------------------

	function integer(value) {
		return (typeof value === 'number' && isFinite(value)) ? String(Math.round(value)) : '—';
	}

	function millis(value) {
		if (typeof value !== 'number' || !isFinite(value)) {
			return '—';
		}
		return (value < 10) ? String(Math.round(value * 10) / 10) : String(Math.round(value));
	}

	function setText(id, text) {
		$(id).textContent = text;
	}

	// ---- the good ---------------------------------------------------------------------------

	let goodsTimer = null;
	let goodsRequest = 0;
	let watching = null;

	function goodsId() {
		return $('goods-id').value.trim();
	}

	function renderGoods(goods) {
		setText('stock', integer(goods.stock));
		setText('sold', integer(goods.sold));
		setText('initial', integer(goods.initial));
		setText('goods-buyers', integer(goods.buyers));
		const oversold = goods.sold - goods.initial;
		$('sold').classList.toggle('bad', oversold > 0);
		$('stock').classList.toggle('bad', goods.stock < 0);
		setText('goods-note', (oversold > 0)
			? 'Sold ' + oversold + ' more than the initial stock of ' + goods.initial + '.'
			: 'Stock split into ' + goods.segments + ' segment' + (goods.segments === 1 ? '' : 's') + '. Refreshed every second.');
		$('goods-note').classList.toggle('bad', oversold > 0);
	}

	function renderNoGoods(note) {
		['stock', 'sold', 'initial', 'goods-buyers'].forEach((id) => setText(id, '—'));
		$('sold').classList.remove('bad');
		$('stock').classList.remove('bad');
		$('goods-note').classList.remove('bad');
		setText('goods-note', note);
	}

	async function refreshGoods() {
		const id = goodsId();
		setText('goods-label', '#' + id);
		const request = ++goodsRequest;
		try {
			if (!/^\d+$/.test(id)) {
				renderNoGoods('Enter a goods id (a whole number).');
				return;
			}
			const goods = await api('GET', '/api/goods/' + encodeURIComponent(id));
			if (request === goodsRequest) {
				renderGoods(goods);
			}
		}
		catch (ex) {
			if (request !== goodsRequest) {
				return;
			}
			if (ex.status === 404) {
				renderNoGoods('Good ' + id + ' has no stock yet: press “Reset stock” or start a flash sale.');
			}
			else {
				renderNoGoods('Could not read good ' + id + ': ' + ex.message);
			}
		}
	}

	function scheduleGoods(delay) {
		clearTimeout(goodsTimer);
		goodsTimer = setTimeout(async () => {
			await refreshGoods();
			scheduleGoods(watching ? GOODS_REFRESH_DURING_SALE_MS : GOODS_REFRESH_MS);
		}, delay);
	}

	async function resetStock() {
		clearMessage();
		const id = goodsId();
		const quantity = $('stock-input').value.trim();
		$('reset').disabled = true;
		try {
			const goods = await api('POST', '/api/goods/' + encodeURIComponent(id) + '/stock?' + query({ quantity: quantity }));
			goodsRequest++;
			renderGoods(goods);
			showMessage('info', 'Stock of good ' + goods.goodsId + ' set to ' + goods.stock + '; sales and buyers forgotten.');
		}
		catch (ex) {
			showError('Could not reset the stock', ex);
		}
		finally {
			$('reset').disabled = false;
		}
	}

	// ---- a sale -----------------------------------------------------------------------------

	async function startSale(event) {
		event.preventDefault();
		clearMessage();
		const params = {
			goodsId: goodsId(),
			stock: $('stock-input').value.trim(),
			buyers: $('buyers').value.trim(),
			concurrency: $('concurrency').value.trim(),
			mode: $('mode').value
		};
		$('start').disabled = true;
		try {
			const status = await api('POST', '/api/sales?' + query(params));
			$('result').hidden = true;
			watch(status);
		}
		catch (ex) {
			showError('Could not start the flash sale', ex);
			$('start').disabled = !!watching;
		}
	}

	function watch(status) {
		watching = status.saleId;
		$('start').disabled = true;
		$('live').hidden = false;
		renderLive(status);
		scheduleGoods(0);
		pollSale(status.saleId, 0);
	}

	async function pollSale(saleId, failures) {
		if (watching !== saleId) {
			return;
		}
		let status;
		try {
			status = await api('GET', '/api/sales/' + encodeURIComponent(saleId));
		}
		catch (ex) {
			if (ex.status === 404 || failures >= 10) {
				showError('Lost track of sale ' + saleId, ex);
				stopWatching();
				return;
			}
			setTimeout(() => pollSale(saleId, failures + 1), SALE_POLL_MS * 2);
			return;
		}
		if (watching !== saleId) {
			return;
		}
		renderLive(status);
		if (status.state === 'RUNNING') {
			setTimeout(() => pollSale(saleId, 0), SALE_POLL_MS);
			return;
		}
		stopWatching();
		await refreshGoods();
		if (status.state === 'DONE') {
			renderResult(status);
		}
		else {
			const why = status.failure || status.error;
			showMessage('error', 'Sale ' + saleId + ' failed' + (why ? ': ' + why : '.'));
		}
		refreshChart();
	}

	function stopWatching() {
		watching = null;
		$('start').disabled = false;
	}

	function renderLive(status) {
		setText('sale-id', status.saleId || '');
		setText('sale-mode', status.mode || '');
		setText('sale-state', status.state || '');
		$('sale-state').className = 'state ' + String(status.state || '').toLowerCase();
		const done = status.done || 0;
		const buyers = status.buyers || 0;
		const percent = (buyers > 0) ? Math.min(100, (100 * done) / buyers) : 0;
		$('progress-fill').style.width = percent.toFixed(1) + '%';
		$('progress-bar').setAttribute('aria-valuemax', String(buyers));
		$('progress-bar').setAttribute('aria-valuenow', String(done));
		setText('progress', done + ' / ' + buyers);
		setText('live-succeeded', integer(status.succeeded));
		setText('live-rate', integer(status.throughputPerSecond));
		setText('live-elapsed', integer(status.elapsedMs) + ' ms');
		// the good's figures: live while the sale runs, read back at its end once done
		setText('live-stock', integer(status.stockLeft));
		setText('live-sold', integer(status.sold));
		$('live-sold').classList.toggle('bad', status.sold > status.initial);
		$('live-stock').classList.toggle('bad', status.stockLeft < 0);
	}

	function renderResult(status) {
		$('result').hidden = false;
		$('result').dataset.saleId = status.saleId;
		setText('result-title', 'Result of sale ' + status.saleId + ' (' + status.mode + ')');
		setText('result-oversold', integer(status.oversold));
		setText('result-duplicates', integer(status.duplicateBuyers));
		setText('result-sold', integer(status.sold));
		setText('result-initial', 'of ' + integer(status.initial));
		setText('result-stock-left', integer(status.stockLeft));
		$('result-stock-left').classList.toggle('bad', status.stockLeft < 0);
		setText('result-throughput', integer(status.throughputPerSecond));
		setText('result-p50', millis(status.p50Ms));
		setText('result-p99', millis(status.p99Ms));
		setText('result-succeeded', integer(status.succeeded));
		setText('result-sold-out', integer(status.soldOut));
		setText('result-already-bought', integer(status.alreadyBought));
		setText('result-busy', integer(status.busy));
		setText('result-errors', integer(status.errors));
		setText('result-elapsed', integer(status.elapsedMs));

		const oversold = status.oversold > 0;
		const duplicates = status.duplicateBuyers > 0;
		mark('oversold-figure', oversold);
		mark('duplicates-figure', duplicates);
		$('result-errors').classList.toggle('bad', status.errors > 0);
		const verdict = $('result-verdict');
		const problems = [];
		if (oversold) {
			problems.push('oversold ' + status.oversold + ' unit' + (status.oversold === 1 ? '' : 's') + ' that did not exist');
		}
		if (duplicates) {
			problems.push(status.duplicateBuyers + ' buyer' + (status.duplicateBuyers === 1 ? '' : 's') + ' bought twice');
		}
		if (problems.length > 0) {
			verdict.textContent = 'Wrong: mode ' + status.mode + ' ' + problems.join(' and ') + '.';
			verdict.className = 'verdict bad';
		}
		else {
			verdict.textContent = 'Correct: mode ' + status.mode + ' sold ' + status.sold + ' of ' + status.initial
				+ ', nothing oversold, nobody bought twice.';
			verdict.className = 'verdict good';
		}
	}

	function mark(id, bad) {
		$(id).classList.toggle('bad', bad);
		$(id).classList.toggle('good', !bad);
	}

	// ---- the chart --------------------------------------------------------------------------

	async function refreshChart() {
		let sales;
		try {
			sales = await api('GET', '/api/sales');
		}
		catch (ex) {
			chartNote('Could not load the finished sales: ' + ex.message
				+ ((ex.status) ? ' (HTTP ' + ex.status + ')' : '') + '.');
			return;
		}
		const last = {};
		(Array.isArray(sales) ? sales : []).forEach((sale) => {
			if (sale && sale.mode && sale.state !== 'FAILED') {
				last[sale.mode] = sale;
			}
		});
		const modes = MODES.filter((mode) => last[mode])
			.concat(Object.keys(last).filter((mode) => MODES.indexOf(mode) < 0));
		if (modes.length === 0) {
			chartNote('No finished sale yet: start one to compare the modes.');
			return;
		}
		drawChart(modes.map((mode) => last[mode]));
	}

	function chartNote(text) {
		const chart = $('chart');
		chart.replaceChildren();
		const note = document.createElement('p');
		note.className = 'note';
		note.textContent = text;
		chart.appendChild(note);
	}

	function svg(name, attributes, text) {
		const element = document.createElementNS(SVG_NS, name);
		Object.keys(attributes).forEach((key) => element.setAttribute(key, attributes[key]));
		if (text !== undefined) {
			element.textContent = text;
		}
		return element;
	}

	function drawChart(sales) {
		const width = 640;
		const height = 280;
		const top = 34;
		const bottom = 62;
		const side = 16;
		const plot = height - top - bottom;
		const slot = (width - 2 * side) / sales.length;
		const barWidth = Math.min(96, slot * 0.6);
		const max = Math.max(1, ...sales.map((sale) => sale.throughputPerSecond || 0));

		const chart = svg('svg', {
			viewBox: '0 0 ' + width + ' ' + height,
			role: 'img',
			'aria-labelledby': 'chart-svg-title',
			class: 'chart-svg'
		});
		chart.appendChild(svg('title', { id: 'chart-svg-title' }, 'Requests per second of the last sale of each mode: '
			+ sales.map((sale) => sale.mode + ' ' + integer(sale.throughputPerSecond)).join(', ')));
		chart.appendChild(svg('line', {
			x1: side, x2: width - side, y1: top + plot, y2: top + plot, class: 'axis'
		}));

		sales.forEach((sale, index) => {
			const throughput = sale.throughputPerSecond || 0;
			const barHeight = Math.max(2, (plot * throughput) / max);
			const x = side + index * slot + (slot - barWidth) / 2;
			const centre = x + barWidth / 2;
			const bad = sale.oversold > 0 || sale.duplicateBuyers > 0;
			const group = svg('g', {
				class: 'bar' + (bad ? ' bad' : ''),
				'data-mode': sale.mode,
				'data-throughput': String(Math.round(throughput)),
				'data-testid': 'chart-bar-' + sale.mode
			});
			group.appendChild(svg('rect', {
				x: x.toFixed(1), y: (top + plot - barHeight).toFixed(1), width: barWidth.toFixed(1),
				height: barHeight.toFixed(1), rx: 3
			}));
			group.appendChild(svg('text', {
				x: centre.toFixed(1), y: (top + plot - barHeight - 8).toFixed(1), class: 'bar-value'
			}, integer(throughput) + ' req/s'));
			group.appendChild(svg('text', {
				x: centre.toFixed(1), y: (top + plot + 22).toFixed(1), class: 'bar-mode'
			}, sale.mode));
			group.appendChild(svg('text', {
				x: centre.toFixed(1), y: (top + plot + 42).toFixed(1), class: 'bar-note'
			}, (sale.oversold > 0) ? 'oversold ' + sale.oversold : 'p99 ' + millis(sale.p99Ms) + ' ms'));
			chart.appendChild(group);
		});

		$('chart').replaceChildren(chart);
	}

	// ---- the lock store ------------------------------------------------------------------------

	async function showStore() {
		try {
			const store = (await api('GET', '/api/store')).store;
			$('store').textContent = store;
			document.querySelectorAll('#stores tr[data-store]').forEach((row) =>
				row.classList.toggle('current', row.dataset.store === store));
		}
		catch (error) {
			$('store').textContent = 'an unknown store';
		}
	}

	// ---- wiring -----------------------------------------------------------------------------

	document.addEventListener('DOMContentLoaded', () => {
		$('sale-form').addEventListener('submit', startSale);
		$('reset').addEventListener('click', resetStock);
		$('goods-id').addEventListener('input', () => scheduleGoods(150));
		scheduleGoods(0);
		refreshChart();
		showStore();
	});

})();
