/*
 * report_html.c - `harness report --format html`: one self-contained page
 * (no network: its style, its script and its plots inside), the tables
 * sortable and filterable in a browser; the format's row of report.c's
 * table.
 *
 * The page: the header (file, runs, approaches), the filters (approach,
 * n, mode, family: <select>s), per approach its totals (report_data.h:
 * solved, PAR-2, CPU time, wins), per mode the at-a-glance table (a row
 * per instance, a column per approach), the detail table (a row per cell:
 * median and its interval, spread, speed-up and its interval, statuses,
 * noisy), the plots (time, cactus, and the scatter plot of two approaches
 * per instance, drawn by results/plot/plot.c as SVG and held in the page as
 * data: images, so no id or script of a picture meets the page's), and
 * the machine (the .meta).
 *
 * Every text from the CSV or the .meta goes through html(): & < > " '
 * as entities, control characters as blanks, bytes that are not UTF-8 as
 * U+FFFD, so an approach named <script> is text. The script is the
 * page's own (SCRIPT below); it reads names only from the DOM (dataset,
 * textContent) and never writes markup. Clicking a column's header sorts
 * its table by it (again: the other way); the filters hide the rows (and
 * glance columns) that do not match. The URL's fragment sets both at
 * load, e.g. #sort=median&desc&approach=picosat%2Fpairwise&mode=count
 * (sort=TABLE:KEY for another table than the detail one); when it has
 * run the page's <html> has data-ready="1".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "meta.h"
#include "names.h"
#include "plot.h"
#include "report_data.h"
#include "report_common.h"

/* HTML text or attribute value: outside text escaped first (names.h),
 * then HTML's own five. */
static void html(FILE *f, const char *s)
{
	char buf[8];
	const char *e;
	size_t n;

	for (; *s; s += n) {
		if ((e = nq_text_escape(s, &n, buf))) {
			fputs(e, f);
			continue;
		}
		if (n > 1) {
			fwrite(s, 1, n, f);
			continue;
		}
		switch (*s) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\'': fputs("&#39;", f); break;
		default:
			fputc(*s, f);
		}
	}
}

static const char STYLE[] =
	"body{font-family:system-ui,Helvetica,Arial,sans-serif;margin:1.5em;"
	"color:#222;max-width:90em}\n"
	"table{border-collapse:collapse;margin:.5em 0 1.5em;font-size:.9em}\n"
	"th,td{padding:.2em .6em;border-bottom:1px solid #ddd;text-align:right;"
	"white-space:nowrap}\n"
	"th{background:#f4f4f4;cursor:pointer;user-select:none;position:sticky;top:0}\n"
	"th.sorted-asc::after{content:' \\25B2'}th.sorted-desc::after{content:' \\25BC'}\n"
	"td.t,th.t{text-align:left}\n"
	"tr.noisy td.med{background:#fff4d6}\n"
	"tr.vbs td{border-top:2px solid #999;color:#555}\n"
	"td.bad{color:#a00}\n"
	"#filters{background:#f8f8f8;padding:.5em 1em;border:1px solid #ddd;"
	"position:sticky;top:0;z-index:2}\n"
	"#filters label{margin-right:1.2em}\n"
	/* the plots at the width they are drawn at (NQ_PLOT_PAGE_W px), so
	 * their text is the size gnuplot gave it */
	"figure{margin:1em 0}figure img{max-width:100%;width:60em;border:1px solid #eee}\n"
	/* the page no wider than the window: a table wider than it scrolls
	 * in its box (its head sticking there), the machine's long lines
	 * wrap */
	"div.box{max-width:100%;overflow:auto;max-height:90vh;"
	"margin:.5em 0 1.5em}div.box table{margin:0}\n"
	"#machine{max-width:100%}#machine td{white-space:normal;"
	"overflow-wrap:anywhere}#machine td:first-child{white-space:nowrap}\n"
	"p.note{color:#555;font-size:.9em;max-width:60em}\n"
	"p.warn{color:#a00;max-width:60em}\n";

static const char SCRIPT[] =
	"(function(){\n"
	"'use strict';\n"
	"function val(td){var v=td.getAttribute('data-v');\n"
	" if(v!==null&&v!=='')return parseFloat(v);return null;}\n"
	"function sortBy(th,desc){\n"
	" var table=th.closest('table'),tb=table.tBodies[0];\n"
	" var col=Array.prototype.indexOf.call(th.parentNode.children,th);\n"
	" var rows=Array.prototype.slice.call(tb.rows),num=th.hasAttribute('data-num');\n"
	" rows.sort(function(a,b){var x=a.cells[col],y=b.cells[col],r;\n"
	"  if(num){var p=val(x),q=val(y);\n"
	"   if(p===null&&q===null)r=0;else if(p===null)return 1;else if(q===null)return -1;\n"
	"   else r=p-q;}\n"
	"  else r=x.textContent.localeCompare(y.textContent);\n"
	"  return desc?-r:r;});\n"
	" rows.forEach(function(r){tb.appendChild(r);});\n"
	" Array.prototype.forEach.call(table.querySelectorAll('th'),function(h){\n"
	"  h.classList.remove('sorted-asc','sorted-desc');});\n"
	" th.classList.add(desc?'sorted-desc':'sorted-asc');\n"
	" table.setAttribute('data-sorted',th.getAttribute('data-key')+(desc?' desc':''));}\n"
	"var keys=['approach','n','mode','family'];\n"
	"function filter(){\n"
	" var want={};keys.forEach(function(k){want[k]=document.getElementById('f-'+k).value;});\n"
	" Array.prototype.forEach.call(document.querySelectorAll('tbody tr'),function(tr){\n"
	"  var show=keys.every(function(k){var v=tr.getAttribute('data-'+k);\n"
	"   return want[k]===''||v===null||v===want[k];});\n"
	"  tr.hidden=!show;});\n"
	" Array.prototype.forEach.call(document.querySelectorAll('table.glance [data-approach]'),function(c){\n"
	"  c.hidden=want.approach!==''&&c.getAttribute('data-approach')!==want.approach;});}\n"
	"var last=null;\n"
	/* the URL's fragment kept in step with the view (the sort last
	 * clicked, the filters), in the form the page reads when it opens:
	 * a view can be shared by its URL */
	"function keep(){var p=[];\n"
	" if(last){p.push('sort='+encodeURIComponent((last.t==='detail'?'':last.t+':')+last.k));\n"
	"  if(last.d)p.push('desc');}\n"
	" keys.forEach(function(k){var v=document.getElementById('f-'+k).value;\n"
	"  if(v!=='')p.push(k+'='+encodeURIComponent(v));});\n"
	" var h=p.length?'#'+p.join('&'):'';\n"
	" if(h===location.hash)return;\n"
	" try{history.replaceState(null,'',h||location.pathname+location.search);}\n"
	" catch(e){location.hash=h;}}\n"
	"Array.prototype.forEach.call(document.querySelectorAll('table.sortable th'),function(th){\n"
	" th.addEventListener('click',function(){var d=th.classList.contains('sorted-asc');\n"
	"  sortBy(th,d);last={t:th.closest('table').id,k:th.getAttribute('data-key'),d:d};keep();});});\n"
	"keys.forEach(function(k){document.getElementById('f-'+k).addEventListener('change',\n"
	" function(){filter();keep();});});\n"
	"var frag=location.hash.replace(/^#/,'').split('&');\n"
	"frag.forEach(function(p){if(!p)return;var i=p.indexOf('='),k=i<0?p:p.slice(0,i),\n"
	" v=i<0?'':decodeURIComponent(p.slice(i+1).replace(/\\+/g,' '));\n"
	" if(keys.indexOf(k)>=0){var s=document.getElementById('f-'+k);\n"
	"  if(Array.prototype.some.call(s.options,function(o){return o.value===v;}))s.value=v;}});\n"
	"filter();\n"
	"frag.forEach(function(p){if(p.slice(0,5)!=='sort=')return;\n"
	" var v=decodeURIComponent(p.slice(5)),t='detail',i=v.indexOf(':');\n"
	" if(i>=0){t=v.slice(0,i);v=v.slice(i+1);}\n"
	" var table=document.getElementById(t);if(!table)return;\n"
	" var th=Array.prototype.filter.call(table.querySelectorAll('th'),function(h){\n"
	"  return h.getAttribute('data-key')===v;})[0];\n"
	" if(th){sortBy(th,frag.indexOf('desc')>=0);\n"
	"  last={t:t,k:v,d:frag.indexOf('desc')>=0};}});\n"
	"document.documentElement.setAttribute('data-ready','1');\n"
	"})();\n";

/* A <th>: its sort key, numeric or text. */
static void th(FILE *f, const char *key, int num, const char *label)
{
	fputs("<th data-key=\"", f);
	html(f, key);
	fprintf(f, "\"%s>", num ? " data-num" : " class=\"t\"");
	html(f, label);
	fputs("</th>", f);
}

/* A numeric <td>: shown as `text`, sorted by v (none: NULL). */
static void td_num(FILE *f, const char *text, const double *v,
		   const char *cls)
{
	fputs("<td", f);
	if (cls)
		fprintf(f, " class=\"%s\"", cls);
	if (v)
		fprintf(f, " data-v=\"%.9g\"", *v);
	fputc('>', f);
	html(f, text);
	fputs("</td>", f);
}

static void td_text(FILE *f, const char *text)
{
	fputs("<td class=\"t\">", f);
	html(f, text);
	fputs("</td>", f);
}

/* A cell's instance (nq_report_inst): under "instance", never "hints". */
static void td_inst(FILE *f, const nq_cell *e)
{
	char inst[512];

	nq_report_inst(e, inst, sizeof inst);
	td_text(f, inst);
}

/* The attributes the filters read. */
static void row_attrs(FILE *f, const nq_cells *c, const nq_cell *e,
		      int approach)
{
	char fam[128];

	nq_report_family(e->hints, fam, sizeof fam);
	fputs("<tr", f);
	if (approach) {
		fputs(" data-approach=\"", f);
		html(f, c->series[e->series]);
		fputc('"', f);
	}
	fprintf(f, " data-n=\"%d\" data-mode=\"", e->n);
	html(f, c->modes[e->mode]);
	fputs("\" data-family=\"", f);
	html(f, fam);
	fputs("\"", f);
	if (approach && nq_stats_noisy(&e->y))
		fputs(" class=\"noisy\"", f);
	fputc('>', f);
}

/* One <select>: "all" and each value. */
static void select_of(FILE *f, const char *id, const char *label,
		      char **vals, size_t n)
{
	size_t i;

	fprintf(f, "<label>%s <select id=\"f-%s\"><option value=\"\">all"
		"</option>", label, id);
	for (i = 0; i < n; i++) {
		fputs("<option value=\"", f);
		html(f, vals[i]);
		fputs("\">", f);
		html(f, vals[i]);
		fputs("</option>", f);
	}
	fputs("</select></label>\n", f);
}

static int cmp_int_str(const void *a, const void *b)
{
	int x = atoi(*(char *const *)a), y = atoi(*(char *const *)b);

	return (x > y) - (x < y);
}

/* Distinct values of n and of the families, for the filters. */
static int filters(const struct nq_report_ctx *x)
{
	const nq_cells *c = x->c;
	char **ns = calloc(c->ncells + 1, sizeof *ns);
	char **fams = calloc(c->ncells + 1, sizeof *fams);
	size_t nn = 0, nf = 0, i, j;
	int rc = -1;

	if (!ns || !fams)
		goto out;
	for (i = 0; i < c->ncells; i++) {
		char buf[128];

		snprintf(buf, sizeof buf, "%d", c->cell[i].n);
		for (j = 0; j < nn && strcmp(ns[j], buf); j++)
			;
		if (j == nn && !(ns[nn++] = strdup(buf)))
			goto out;
		nq_report_family(c->cell[i].hints, buf, sizeof buf);
		for (j = 0; j < nf && strcmp(fams[j], buf); j++)
			;
		if (j == nf && !(fams[nf++] = strdup(buf)))
			goto out;
	}
	qsort(ns, nn, sizeof *ns, cmp_int_str);
	fputs("<div id=\"filters\">Show: ", x->f);
	select_of(x->f, "approach", "approach", c->series, c->nseries);
	select_of(x->f, "n", "n", ns, nn);
	select_of(x->f, "mode", "mode", c->modes, c->nmodes);
	select_of(x->f, "family", "family", fams, nf);
	fputs("<span class=\"note\">(click a column's header to sort)</span>"
	      "</div>\n", x->f);
	rc = 0;
out:
	for (i = 0; ns && i < nn; i++)
		free(ns[i]);
	for (i = 0; fams && i < nf; i++)
		free(fams[i]);
	free(ns);
	free(fams);
	return rc;
}

static void totals(const struct nq_report_ctx *x, const nq_report_total *tot)
{
	const nq_cells *c = x->c;
	FILE *f = x->f;
	char buf[64];
	size_t s;
	const char *unit;
	double scale;
	int dec;

	fputs("<h2>Per approach</h2>\n<div class=\"box\"><table id=\"totals\" "
	      "class=\"sortable\">"
	      "<thead><tr>", f);
	th(f, "approach", 0, "approach");
	th(f, "instances", 1, "instances");
	th(f, "solved", 1, "solved");
	/* PAR-2 and CPU in one unit, chosen by their figures (never s
	 * beside ms), as in the Markdown and LaTeX tables */
	scale = nq_report_totals_unit(tot, nq_report_total_rows(c), &unit);
	dec = scale == 1e3 ? NQ_REPORT_TIME_DECIMALS - 3 :
	      NQ_REPORT_TIME_DECIMALS;
	snprintf(buf, sizeof buf, "PAR-2 (%s)", unit);
	th(f, "par2", 1, x->time ? buf : "PAR-2");
	snprintf(buf, sizeof buf, "total CPU (%s)", unit);
	th(f, "cpu", 1, buf);
	th(f, "wins", 1, "wins");
	fputs("</tr></thead>\n<tbody>\n", f);
	for (s = 0; s < c->nseries; s++) {
		double v;

		fputs("<tr data-approach=\"", f);
		html(f, c->series[s]);
		fputs("\">", f);
		td_text(f, c->series[s]);
		v = (double)tot[s].instances;
		snprintf(buf, sizeof buf, "%zu", tot[s].instances);
		td_num(f, buf, &v, NULL);
		v = (double)tot[s].solved;
		snprintf(buf, sizeof buf, "%zu", tot[s].solved);
		td_num(f, buf, &v, NULL);
		if (tot[s].par2_ok) {
			nq_report_number(buf, sizeof buf, tot[s].par2 * scale,
					 NQ_REPORT_SIG, dec);
			td_num(f, buf, &tot[s].par2, NULL);
		} else {
			td_num(f, "–", NULL, NULL);
		}
		if (tot[s].cpu_ok) {
			nq_report_number(buf, sizeof buf, tot[s].cpu_s * scale,
					 NQ_REPORT_SIG, dec);
			td_num(f, buf, &tot[s].cpu_s, NULL);
		} else {
			td_num(f, "–", NULL, NULL);
		}
		v = (double)tot[s].wins;
		snprintf(buf, sizeof buf, "%zu", tot[s].wins);
		td_num(f, buf, &v, NULL);
		fputs("</tr>\n", f);
	}
	fputs("</tbody>", f);
	if (nq_report_vbs_shown(c)) {
		/* no approach: in the table's foot, which the script neither
		 * sorts nor filters, in italics, no CPU time and no wins */
		fprintf(f, "<tfoot><tr class=\"vbs\"><td class=\"t\"><i>%s"
			"</i></td><td>%zu</td><td>%zu</td><td>",
			NQ_REPORT_VBS_NAME, tot[s].instances, tot[s].solved);
		if (tot[s].par2_ok) {
			nq_report_number(buf, sizeof buf, tot[s].par2 * scale,
					 NQ_REPORT_SIG, dec);
			fputs(buf, f);
		} else {
			fputs("–", f);
		}
		fputs("</td><td>–</td><td>–</td></tr></tfoot>", f);
	}
	fputs("</table></div>\n<p class=\"note\">An instance is <b>solved</b> "
	      "by an approach when more than half of its runs there ended ok. "
	      "<b>PAR-2</b> adds over the approach's instances the median of its "
	      "ok runs where solved and twice the timeout where not (timeouts, "
	      "failures and wrong answers alike); lower is better, and it is "
	      "given only for a time column with a timeout for every unsolved "
	      "instance. <b>Total CPU</b> adds cpu_s over every run. A <b>win</b>: "
	      "the approach's median is the smallest of those that solved the "
	      "instance (ties: each).", f);
	if (nq_report_vbs_shown(c))
		fputs(" The <i>virtual best</i> is no approach: per instance the "
		      "fastest approach that solved it (a wrong or disputed answer "
		      "never counts); it has no CPU time and never a win.", f);
	if (nq_report_totals_uneven(c, tot))
		fputs(" <b>" NQ_REPORT_UNEVEN "</b>", f);
	fputs("</p>\n", f);
}

/* Mode m's glance table: a row per instance, a column per approach. */
static void glance(const struct nq_report_ctx *x, size_t m, double scale,
		   const char *unit)
{
	const nq_cells *c = x->c;
	FILE *f = x->f;
	char id[32];
	size_t i, s;
	int ans = nq_report_mode_answers(c, m);

	snprintf(id, sizeof id, "glance-%zu", m);
	fprintf(f, "<div class=\"box\"><table id=\"%s\" class=\"glance sortable\">"
		"<thead><tr>", id);
	th(f, "n", 1, "n");
	th(f, "family", 0, "family");
	th(f, "instance", 0, "instance");
	if (ans)
		th(f, "answer", 0, "answer");
	for (s = 0; s < c->nseries; s++) {
		fputs("<th data-num data-key=\"", f);
		html(f, c->series[s]);
		fputs("\" data-approach=\"", f);
		html(f, c->series[s]);
		fputs("\">", f);
		html(f, c->series[s]);
		fputs("</th>", f);
	}
	fputs("</tr></thead>\n<tbody>\n", f);
	for (i = 0; i < c->ncells; i++) {
		const nq_cell *row = &c->cell[i];
		char fam[128];

		if (row->mode != m || (i > 0 && c->cell[i - 1].mode == m &&
				       c->cell[i - 1].n == row->n &&
				       !strcmp(c->cell[i - 1].hints, row->hints)))
			continue;
		row_attrs(f, c, row, 0);
		{
			double v = row->n;
			char nb[16];

			snprintf(nb, sizeof nb, "%d", row->n);
			td_num(f, nb, &v, NULL);
		}
		nq_report_family(row->hints, fam, sizeof fam);
		td_text(f, fam);
		td_inst(f, row);
		if (ans)
			td_text(f, nq_report_inst_answer(c, i));
		for (s = 0; s < c->nseries; s++) {
			const nq_cell *e = nq_cells_find(c, s, m, row->hints,
							 row->n);
			char v[64], st[200], text[300];

			fputs("<td data-approach=\"", f);
			html(f, c->series[s]);
			fputc('"', f);
			if (!e) {
				fputs("></td>", f);
				continue;
			}
			if (e->y.count) {
				nq_report_num(v, sizeof v, e->y.median, scale);
				nq_report_statuses(e, st, sizeof st);
				snprintf(text, sizeof text, "%s%s%s", v,
					 nq_stats_noisy(&e->y) ? "~" : "",
					 NQ_REPORT_MIXED(e));
				fprintf(f, " data-v=\"%.9g\" title=\"", e->y.median);
				html(f, st);
				fputs("\">", f);
				html(f, text);
				if (e->runs > e->status[NQ_ST_OK] && strchr(st, ',')) {
					fputs(" <span class=\"bad\">(", f);
					html(f, strchr(st, ',') + 2);
					fputs(")</span>", f);
				}
			} else {
				int k, top = NQ_ST_OK;

				for (k = 1; k < NQ_ST__COUNT; k++)
					if (e->status[k] > e->status[top])
						top = k;
				fputs(" class=\"bad\">", f);
				html(f, nq_status_name((nq_status)top));
			}
			fputs("</td>", f);
		}
		fputs("</tr>\n", f);
	}
	fprintf(f, "</tbody></table></div>\n<p class=\"note\">Median %s%s%s; ~ noisy; "
		"in brackets: runs that did not end ok.</p>\n",
		nq_report_name_of(c->ycol), unit[0] ? " in " : "", unit);
}

/* The detail table: a row per cell, every mode. */
static int detail(const struct nq_report_ctx *x)
{
	const nq_cells *c = x->c;
	FILE *f = x->f;
	size_t i, m;

	fputs("<h2>Every cell</h2>\n<div class=\"box\"><table id=\"detail\" "
	      "class=\"sortable\">"
	      "<thead><tr>", f);
	th(f, "mode", 0, "mode");
	th(f, "n", 1, "n");
	th(f, "family", 0, "family");
	th(f, "instance", 0, "instance");
	th(f, "approach", 0, "approach");
	th(f, "median", 1, "median");
	th(f, "ci", 1, "95 % interval");
	th(f, "min", 1, "min");
	th(f, "max", 1, "max");
	th(f, "iqr", 1, "IQR");
	th(f, "mad", 1, "MAD");
	th(f, "speedup", 1, "speed-up");
	th(f, "speedup_ci", 1, "speed-up 95 %");
	th(f, "runs", 0, "runs");
	th(f, "noisy", 0, "noisy");
	fputs("</tr></thead>\n<tbody>\n", f);
	for (m = 0; m < c->nmodes; m++) {
		const char *unit;
		double scale = nq_report_unit_of(x, m, &unit);

		for (i = 0; i < c->ncells; i++) {
			const nq_cell *e = &c->cell[i];
			struct nq_report_row r;
			struct nq_speedup sp;
			char fam[128], nb[16], med[120];
			double v, w;
			int have = e->y.count > 0;

			if (e->mode != m)
				continue;
			nq_report_row_of(x, m, e, scale, &r);
			if (nq_report_speedup_of(x, e, &sp) < 0)
				return -1;
			nq_report_family(e->hints, fam, sizeof fam);
			row_attrs(f, c, e, 1);
			td_text(f, c->modes[m]);
			v = e->n;
			snprintf(nb, sizeof nb, "%d", e->n);
			td_num(f, nb, &v, NULL);
			td_text(f, fam);
			td_inst(f, e);
			td_text(f, c->series[e->series]);
			snprintf(med, sizeof med, "%s%s%s%s", r.med,
				 have && unit[0] ? " " : "", have ? unit : "",
				 NQ_REPORT_MIXED(e));
			td_num(f, med, have ? &e->y.median : NULL, "med");
			w = e->y.ci_hi - e->y.ci_lo;
			td_num(f, r.ci, e->y.has_ci ? &w : NULL, NULL);
			td_num(f, r.mn, have ? &e->y.min : NULL, NULL);
			td_num(f, r.mx, have ? &e->y.max : NULL, NULL);
			td_num(f, r.iqr, have ? &e->y.iqr : NULL, NULL);
			td_num(f, r.mad, have ? &e->y.mad : NULL, NULL);
			td_num(f, r.sp, sp.kind == NQ_SPEEDUP_RATIO ||
			       sp.kind == NQ_SPEEDUP_AT_LEAST ? &sp.v : NULL,
			       NULL);
			w = sp.ci.hi - sp.ci.lo;
			td_num(f, r.spci, sp.ci.ok ? &w : NULL, NULL);
			td_text(f, r.st);
			td_text(f, nq_stats_noisy(&e->y) ? "noisy" : "");
			fputs("</tr>\n", f);
		}
	}
	fputs("</tbody></table></div>\n", f);
	if (c->mixed)
		fputs("<p class=\"note\">† runs from more than one machine (a "
		      "merged file): their spread includes the machines' "
		      "difference.</p>\n", f);
	return 0;
}

/* The randomised methods' table: a row per cell with steps, every mode
 * (the filters and the sorting as for the cells). */
static void randomised(const struct nq_report_ctx *x)
{
	const nq_cells *c = x->c;
	FILE *f = x->f;
	size_t i;

	if (!c->randomised)
		return;
	fputs("<h2>Randomised methods</h2>\n<p class=\"note\">", f);
	html(f, nq_report_ls_rule());
	fputs("</p>\n<div class=\"box\"><table id=\"randomised\" "
	      "class=\"sortable\"><thead><tr>",
	      f);
	th(f, "mode", 0, "mode");
	th(f, "n", 1, "n");
	th(f, "instance", 0, "instance");
	th(f, "approach", 0, "approach");
	th(f, "runs", 1, "runs");
	th(f, "solved", 1, "solved");
	th(f, "success", 1, "success %");
	th(f, "success_ci", 1, "95 % interval");
	th(f, "steps_solved", 1, "steps solved: mean");
	th(f, "steps_solved_median", 1, "median");
	th(f, "steps_unsolved", 1, "steps unsolved: mean");
	th(f, "steps_unsolved_median", 1, "median");
	th(f, "restarts", 1, "restarts: mean");
	fputs("</tr></thead>\n<tbody>\n", f);
	for (i = 0; i < c->ncells; i++) {
		const nq_cell *e = &c->cell[i];
		struct nq_report_ls_row r;
		char nb[16];
		double v[8];
		nq_interval ci;

		if (!e->randomised)
			continue;
		nq_report_ls_row_of(x, e, &r);
		nq_stats_wilson(e->status[NQ_ST_OK], e->counted, &ci);
		row_attrs(f, c, e, 1);
		td_text(f, c->modes[e->mode]);
		v[0] = e->n;
		snprintf(nb, sizeof nb, "%d", e->n);
		td_num(f, nb, &v[0], NULL);
		td_inst(f, e);
		td_text(f, c->series[e->series]);
		v[1] = (double)e->counted;
		td_num(f, r.runs, &v[1], NULL);
		v[2] = (double)e->status[NQ_ST_OK];
		td_num(f, r.solved, &v[2], NULL);
		v[3] = ci.ok ? v[2] / v[1] : 0;
		td_num(f, r.rate, ci.ok ? &v[3] : NULL, NULL);
		v[4] = ci.hi - ci.lo;
		td_num(f, r.ci, ci.ok ? &v[4] : NULL, NULL);
		v[5] = e->steps_ok.count ? e->steps_ok.sum /
		       (double)e->steps_ok.count : 0;
		td_num(f, r.ok_mean, e->steps_ok.count ? &v[5] : NULL, NULL);
		td_num(f, r.ok_med, e->steps_ok.count ? &e->steps_ok.median :
		       NULL, NULL);
		v[6] = e->steps_unsolved.count ? e->steps_unsolved.sum /
		       (double)e->steps_unsolved.count : 0;
		td_num(f, r.un_mean, e->steps_unsolved.count ? &v[6] : NULL,
		       NULL);
		td_num(f, r.un_med, e->steps_unsolved.count ?
		       &e->steps_unsolved.median : NULL, NULL);
		v[7] = e->restarts.count ? e->restarts.sum /
		       (double)e->restarts.count : 0;
		td_num(f, r.restarts, e->restarts.count ? &v[7] : NULL, NULL);
		fputs("</tr>\n", f);
	}
	fputs("</tbody></table></div>\n", f);
}

static const char B64[] =
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static void base64(FILE *f, const unsigned char *p, size_t n)
{
	size_t i;

	for (i = 0; i + 2 < n; i += 3) {
		fputc(B64[p[i] >> 2], f);
		fputc(B64[((p[i] & 3) << 4) | (p[i + 1] >> 4)], f);
		fputc(B64[((p[i + 1] & 15) << 2) | (p[i + 2] >> 6)], f);
		fputc(B64[p[i + 2] & 63], f);
	}
	if (n - i == 1) {
		fputc(B64[p[i] >> 2], f);
		fputc(B64[(p[i] & 3) << 4], f);
		fputs("==", f);
	} else if (n - i == 2) {
		fputc(B64[p[i] >> 2], f);
		fputc(B64[((p[i] & 3) << 4) | (p[i + 1] >> 4)], f);
		fputc(B64[(p[i + 1] & 15) << 2], f);
		fputc('=', f);
	}
}

/* One plot drawn by results/plot/plot.c, in the page as a data: image, or why
 * not. A bad --scatter is the caller's error (-1, err set). */
static int figure(const struct nq_report_ctx *x, const nq_table *t,
		  nq_plot_kind kind, const char *a, const char *b,
		  const char *caption, nq_error *err)
{
	nq_plot_opts po;
	nq_error perr;
	char *svg = NULL, msg[1024];
	size_t len;
	int rc;

	memset(&po, 0, sizeof po);
	memset(&perr, 0, sizeof perr);
	po.csv = x->o->csv;
	po.kind = kind;
	po.y = x->o->y;
	po.group = x->o->group;
	po.scale = -1;
	po.scatter_a = a;
	po.scatter_b = b;
	po.styles = x->o->styles;
	/* as wide as the page shows it (60em), as high as its panels
	 * need */
	po.width = NQ_PLOT_PAGE_W;
	po.height = 0;
	rc = nq_plot_svg(t, &po, &svg, &len, &perr);
	if (rc == NQ_PLOT_EINPUT && kind == NQ_PLOT_SCATTER && (a || b) &&
	    strstr(perr.msg, "no approach")) {
		*err = perr;
		return -1;
	}
	fputs("<figure>", x->f);
	if (rc == 0) {
		fputs("<img alt=\"", x->f);
		html(x->f, caption);
		fputs("\" src=\"data:image/svg+xml;base64,", x->f);
		base64(x->f, (const unsigned char *)svg, len);
		fputs("\">", x->f);
	} else {
		nq_error_format(&perr, msg, sizeof msg);
		fputs("<p class=\"note\">Not drawn: ", x->f);
		html(x->f, msg);
		fputs("</p>", x->f);
	}
	fputs("<figcaption>", x->f);
	html(x->f, caption);
	fputs("</figcaption></figure>\n", x->f);
	free(svg);
	return 0;
}

/* --scatter A,B into its two names (buf holds them). */
static void scatter_names(const char *spec, char *buf, size_t len,
			  const char **a, const char **b)
{
	char *comma;

	*a = *b = NULL;
	if (!spec)
		return;
	snprintf(buf, len, "%s", spec);
	if ((comma = strchr(buf, ','))) {
		*comma = '\0';
		*b = comma + 1;
	}
	*a = buf;
}

static int plots(const struct nq_report_ctx *x, const nq_table *t,
		 nq_error *err)
{
	const char *a, *b;
	char buf[1024], cap[1200];

	fputs("<h2>Plots</h2>\n", x->f);
	scatter_names(x->o->scatter, buf, sizeof buf, &a, &b);
	snprintf(cap, sizeof cap, "%s against %s, a point per instance (under "
		 "the diagonal: the second takes less)", b ? b : x->c->nseries >
		 1 ? x->c->series[1] : "?", a ? a : x->c->series[0]);
	if (figure(x, t, NQ_PLOT_SCATTER, a, b, cap, err) < 0)
		return -1;
	figure(x, t, NQ_PLOT_TIME, NULL, NULL, "time against n", err);
	figure(x, t, NQ_PLOT_CACTUS, NULL, NULL, "cactus plot: instances "
	       "solved against time", err);
	if (x->c->randomised)
		figure(x, t, NQ_PLOT_RTD, NULL, NULL, "run-time distributions: "
		       "the fraction of runs solved against steps and against "
		       "time", err);
	return 0;
}

/* The machine: the .meta as a table. */
static void meta_row(const char *key, const char *v, int item, void *ctx)
{
	FILE *f = ctx;
	char val[4096], *w = val;
	const char *r;

	/* drop JSON's quotes and braces, as the Markdown report does */
	for (r = v; *r && w + 1 < val + sizeof val; r++)
		if (*r != '{' && *r != '}' && (*r != '"' || (r > v && r[-1] == '\\')))
			*w++ = *r;
	*w = '\0';
	fputs("<tr><td class=\"t\">", f);
	if (!item)
		html(f, key);
	fputs("</td><td class=\"t\">", f);
	html(f, strcmp(val, "[]") ? val : "none");
	fputs("</td></tr>\n", f);
}

static void machine(const struct nq_report_ctx *x)
{
	char meta[4200];

	nq_meta_path(x->o->csv, meta, sizeof meta);
	fputs("<h2>The machine</h2>\n", x->f);
	fputs("<table id=\"machine\"><tbody>\n", x->f);
	if (nq_report_meta_lines(meta, meta_row, x->f) < 0) {
		fputs("</tbody></table>\n<p>Not recorded: there is no ", x->f);
		html(x->f, meta);
		fputs(" beside the CSV (<code>harness run</code> writes it).</p>\n",
		      x->f);
		return;
	}
	fputs("</tbody></table>\n<p class=\"note\">From ", x->f);
	html(x->f, meta);
	fputs(".</p>\n", x->f);
}

/* The page for the report's context x from table t. 0, or -1 with err
 * set (an approach of --scatter unknown, out of memory). A plot gnuplot
 * cannot draw is said on the page, not an error. */
static int html_write(const struct nq_report_ctx *x, const nq_table *t,
		      nq_error *err)
{
	const nq_cells *c = x->c;
	FILE *f = x->f;
	nq_report_total *tot;
	size_t m, i, runs[NQ_ST__COUNT] = { 0 };
	int st, k = 0;
	const char *title = c->experiment[0] ? c->experiment : "Results";

	if (!(tot = calloc(c->nseries + 1, sizeof *tot)))
		return nq_error_set(err, NULL, 0, 0, "out of memory");
	if (nq_report_totals(t, x->o->csv, x->o->group, c, tot, err) < 0)
		goto fail;
	for (i = 0; i < c->ncells; i++)
		for (st = 0; st < NQ_ST__COUNT; st++)
			runs[st] += c->cell[i].status[st];
	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
	      "\n<meta name=\"viewport\" content=\"width=device-width\">\n"
	      "<title>", f);
	html(f, title);
	fprintf(f, " – harness report</title>\n<style>\n%s</style>\n</head>\n"
		"<body>\n<h1>", STYLE);
	html(f, title);
	fputs("</h1>\n<p>Results: <code>", f);
	html(f, x->o->csv);
	fprintf(f, "</code>, %zu runs (", c->rows);
	for (st = 0; st < NQ_ST__COUNT; st++)
		if (runs[st])
			fprintf(f, "%s%zu %s", k++ ? ", " : "", runs[st],
				nq_status_name((nq_status)st));
	fprintf(f, "), %zu approaches", c->nseries);
	if (c->timeout_s > 0)
		fprintf(f, ", timeout %.10g s", c->timeout_s);
	fputs(". The median of <code>", f);
	html(f, c->ycol);
	fputs("</code> over the runs that ended ok; speed-up = median of the "
	      "baseline <b>", f);
	html(f, c->series[x->base]);
	fputs("</b> / median.</p>\n", f);
	if (x->o->changes) {
		char why[400];

		nq_report_changed_text(x->o->changes, why, sizeof why);
		fputs("<p class=\"warn\"><b>Warning:</b> ", f);
		html(f, why);
		fputs("</p>\n", f);
	}
	fputs("<p class=\"note\">", f);
	{
		/* the rule's sentence without its Markdown emphasis */
		const char *r = nq_report_noisy_rule();
		char buf[800], *w = buf;

		for (; *r && w + 1 < buf + sizeof buf; r++)
			if (*r != '*')
				*w++ = *r;
		*w = '\0';
		html(f, buf);
	}
	fputs("</p>\n", f);
	if (filters(x) < 0) {
		nq_error_set(err, NULL, 0, 0, "out of memory");
		goto fail;
	}
	totals(x, tot);
	fputs("<h2>At a glance</h2>\n", f);
	for (m = 0; m < c->nmodes; m++) {
		const char *unit;
		double scale = nq_report_unit_of(x, m, &unit);

		fputs("<h3>", f);
		html(f, nq_report_mode_title(c->modes[m]));
		fputs("</h3>\n", f);
		glance(x, m, scale, unit);
	}
	if (detail(x) < 0) {
		nq_error_set(err, NULL, 0, 0, "out of memory");
		goto fail;
	}
	randomised(x);
	if (plots(x, t, err) < 0)
		goto fail;
	machine(x);
	fprintf(f, "<script>\n%s</script>\n</body></html>\n", SCRIPT);
	free(tot);
	return 0;
fail:
	free(tot);
	return -1;
}

const nq_report_format nq_report_html = {
	"html", NULL, ".html", &nq_report_style_plain, html_write
};
