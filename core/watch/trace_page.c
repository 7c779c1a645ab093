/*
 * trace_page.c - `harness trace`'s page (trace_page.h). The events go
 * in as JSON in a script element of their own type (no code), each
 * [kind, row, col, other_row, other_col, step, h, board]; the page's one
 * script replays them once into a board per position, so any step,
 * forward or back, is drawn at once. The script opens at #step=K, and
 * #clicks=fwd,back,last clicks those buttons in turn and logs the board
 * and the words after each into #log: how tests/e2e/watch.sh drives it.
 */
#include <stdio.h>
#include <string.h>
#include "trace_page.h"

static const char page_css[] =
	"body{font:15px/1.4 system-ui,sans-serif;margin:1.5em;color:#222;max-width:1100px}\n"
	"h1{font-size:1.3em;margin:0 0 .3em}\n"
	".sub{color:#555;margin:0 0 1em}\n"
	"#top{display:flex;gap:2em;align-items:flex-start;flex-wrap:wrap}\n"
	"#board{display:grid;width:min(420px,90vw);aspect-ratio:1;border:2px solid #333}\n"
	".sq{display:flex;min-height:0;overflow:hidden;align-items:center;justify-content:center;font-size:min(2.2em,calc(380px / var(--n)));line-height:1}\n"
	".light{background:#f0d9b5}.dark{background:#b58863}\n"
	".sq.new{box-shadow:inset 0 0 0 3px #1565c0}\n"
	".sq.hit{background:#e53935}.sq.hit::after{content:'\\2715';color:#fff;font-weight:bold}\n"
	".sq.by{box-shadow:inset 0 0 0 3px #e53935}\n"
	".sq.win{background:#66bb6a}\n"
	"#side{flex:1;min-width:300px}\n"
	"#desc{font-size:1.2em;min-height:3em;padding:.6em;background:#f5f5f5;border-left:4px solid #1565c0}\n"
	"#where{color:#555;margin:.4em 0}\n"
	"#controls button{font-size:1em;padding:.3em .7em;margin:0 .2em .3em 0}\n"
	"#slider{width:100%}\n"
	"#tree-box,#chart-box{margin-top:1.5em}\n"
	"#tree{overflow:auto;max-height:460px;border:1px solid #ddd}\n"
	".edge{stroke:#999;stroke-width:1}.edge.future{stroke:#eee}\n"
	".node{fill:#1565c0;stroke:#fff;cursor:pointer}.node.root{fill:#333}\n"
	".node.sol{fill:#2e7d32}.node.shown-dead{fill:#e53935}\n"
	".node.future{fill:#e0e0e0}.node.cur{stroke:#ff9800;stroke-width:3;r:7}\n"
	".hline{fill:none;stroke:#1565c0;stroke-width:1.5}.restart{stroke:#999;stroke-dasharray:4 3}\n"
	".hmark{fill:#ff9800}\n"
	"#log{display:none}\n"
	"kbd{border:1px solid #bbb;border-radius:3px;padding:0 .3em;background:#fafafa}\n";

static const char page_js[] =
	"(function(){\n"
	"var D=JSON.parse(document.getElementById('trace-data').textContent);\n"
	"var n=D.n,E=D.ev,N=E.length,P=N+1;\n"
	"var K={PLACE:0,CONFLICT:1,BACKTRACK:2,SOLUTION:3,STATE:4,MOVE:5};\n"
	"/* the board after each position: pos 0 the start, pos k after event k-1 */\n"
	"var Q=new Int8Array(P*n),H=new Float64Array(P),q=new Int8Array(n),h=-1,i,j;\n"
	"for(j=0;j<n;j++)q[j]=-1;\n"
	"Q.set(q,0);H[0]=-1;\n"
	"for(i=0;i<N;i++){var e=E[i];\n"
	" if(e[0]==K.PLACE||e[0]==K.MOVE)q[e[1]]=e[2];\n"
	" else if(e[0]==K.BACKTRACK)q[e[1]]=-1;\n"
	" else if(e[0]==K.STATE){for(j=0;j<n;j++)q[j]=D.boards[e[7]+j];}\n"
	" if(e[0]==K.STATE||e[0]==K.MOVE)h=e[6];\n"
	" if(e[0]==K.SOLUTION&&D.local)h=0;\n"
	" Q.set(q,(i+1)*n);H[i+1]=h;}\n"
	"function rc(r,c){return 'row '+(r+1)+', column '+(c+1);}\n"
	"function nsol(k){var s=0;for(var t=0;t<=k;t++)if(E[t][0]==K.SOLUTION)s++;return s;}\n"
	"function say(p){\n"
	" if(p==0)return D.local?'The start: press forward to see the first board.':'The empty board: the search puts one queen per row, top to bottom.';\n"
	" var e=E[p-1],k=p-1,t;\n"
	" switch(e[0]){\n"
	" case K.PLACE:return 'node '+e[5]+': queen on '+rc(e[1],e[2]);\n"
	" case K.CONFLICT:return e[3]<0?rc(e[1],e[2])+': no queen may stand there':rc(e[1],e[2])+': attacked by the queen on '+rc(e[3],e[4]);\n"
	" case K.BACKTRACK:\n"
	"  for(t=k-1;t>=0&&E[t][0]==K.CONFLICT;t--);\n"
	"  if(t>=0&&E[t][0]==K.PLACE&&E[t][1]==e[1]&&E[t][2]==e[2]&&e[1]<n-1)\n"
	"   return 'row '+(e[1]+2)+': every square attacked, back to row '+(e[1]+1)+' (its queen off column '+(e[2]+1)+')';\n"
	"  if(e[1]==n-1)return 'back from a full board: the queen on '+rc(e[1],e[2])+' taken off';\n"
	"  return 'row '+(e[1]+2)+': no square left to try, back to row '+(e[1]+1)+' (its queen off column '+(e[2]+1)+')';\n"
	" case K.SOLUTION:return D.local?'step '+(e[5]<0?0:e[5])+': h = 0, a placement':'placement '+nsol(k)+': '+n+' queens, none attacking another';\n"
	" case K.STATE:return (e[5]>0||k>0?'restart: a new board':'the initial board')+', h = '+e[6];\n"
	" case K.MOVE:return 'step '+e[5]+': queen of row '+(e[1]+1)+' to column '+(e[2]+1)+', h = '+e[6];}\n"
	" return '';}\n"
	"/* the board */\n"
	"var B=document.getElementById('board'),cells=[];\n"
	"B.style.gridTemplateColumns='repeat('+n+',1fr)';B.style.gridTemplateRows='repeat('+n+',1fr)';\n"
	"for(i=0;i<n*n;i++){var d=document.createElement('div');d.className='sq '+(((i/n|0)+i%n)%2?'dark':'light');B.appendChild(d);cells.push(d);}\n"
	"/* the search tree (backtracking, n 4..8) */\n"
	"var T=[],tree=document.getElementById('tree');\n"
	"if(!D.local&&n>=4&&n<=8){\n"
	" var stack=[{kids:[],depth:0,ev:-1,el:null}],root=stack[0];\n"
	" for(i=0;i<N;i++){var e=E[i],top=stack[stack.length-1];\n"
	"  if(e[0]==K.PLACE){var nd={kids:[],depth:top.depth+1,ev:i,end:N,row:e[1],col:e[2],sol:false,par:top};top.kids.push(nd);T.push(nd);stack.push(nd);}\n"
	"  else if(e[0]==K.BACKTRACK&&stack.length>1){stack.pop().end=i;}\n"
	"  else if(e[0]==K.SOLUTION)top.sol=true;}\n"
	" var leaves=0;(function lay(nd){if(!nd.kids.length){nd.x=leaves++;return;}nd.kids.forEach(lay);nd.x=(nd.kids[0].x+nd.kids[nd.kids.length-1].x)/2;})(root);\n"
	" var sp=Math.max(14,Math.min(40,960/Math.max(1,leaves))),W=Math.max(1,leaves)*sp+20,Ht=(n+1)*40+20,ns='http://www.w3.org/2000/svg';\n"
	" var svg=document.createElementNS(ns,'svg');svg.setAttribute('width',W);svg.setAttribute('height',Ht);svg.setAttribute('id','tree-svg');\n"
	" function X(nd){return 10+nd.x*sp+sp/2;}function Y(nd){return 15+nd.depth*40;}\n"
	" T.forEach(function(nd){var l=document.createElementNS(ns,'line');l.setAttribute('x1',X(nd.par));l.setAttribute('y1',Y(nd.par));l.setAttribute('x2',X(nd));l.setAttribute('y2',Y(nd));l.setAttribute('class','edge');svg.appendChild(l);nd.line=l;});\n"
	" var rt=document.createElementNS(ns,'circle');rt.setAttribute('cx',X(root));rt.setAttribute('cy',Y(root));rt.setAttribute('r',5);rt.setAttribute('class','node root');svg.appendChild(rt);\n"
	" T.forEach(function(nd){var c=document.createElementNS(ns,'circle');c.setAttribute('cx',X(nd));c.setAttribute('cy',Y(nd));c.setAttribute('r',5);\n"
	"  nd.dead=!nd.kids.length&&!nd.sol;c.setAttribute('class','node'+(nd.sol?' sol':nd.dead?' dead':''));\n"
	"  var ti=document.createElementNS(ns,'title');ti.textContent='node '+E[nd.ev][5]+': '+rc(nd.row,nd.col)+(nd.sol?' (a placement)':nd.dead?' (a dead end)':'');c.appendChild(ti);\n"
	"  c.addEventListener('click',function(){go(nd.ev+1);});svg.appendChild(c);nd.el=c;});\n"
	" tree.appendChild(svg);\n"
	" document.getElementById('tree-note').textContent=T.length+' nodes; green: a placement, red: a dead end (no square left below it). Click a node to go there.';\n"
	"}else{document.getElementById('tree-box').hidden=true;}\n"
	"/* h along the steps (local search) */\n"
	"var HP=[];\n"
	"if(D.local){\n"
	" for(i=0;i<N;i++)if(E[i][0]==K.STATE||E[i][0]==K.MOVE)HP.push(i);\n"
	" var ns='http://www.w3.org/2000/svg',cw=760,ch=220,hmax=1;\n"
	" HP.forEach(function(k){hmax=Math.max(hmax,E[k][6]);});\n"
	" var svg=document.createElementNS(ns,'svg');svg.setAttribute('width',cw);svg.setAttribute('height',ch);svg.setAttribute('id','h-svg');\n"
	" function cx(t){return 40+(HP.length>1?t/(HP.length-1):0)*(cw-60);}function cy(v){return ch-25-v/hmax*(ch-45);}\n"
	" var pts=HP.map(function(k,t){return cx(t)+','+cy(E[k][6]);}).join(' ');\n"
	" var pl=document.createElementNS(ns,'polyline');pl.setAttribute('points',pts);pl.setAttribute('class','hline');svg.appendChild(pl);\n"
	" HP.forEach(function(k,t){if(E[k][0]==K.STATE){var r=document.createElementNS(ns,'line');r.setAttribute('x1',cx(t));r.setAttribute('x2',cx(t));r.setAttribute('y1',10);r.setAttribute('y2',ch-25);r.setAttribute('class','restart');svg.appendChild(r);}});\n"
	" [[0,'0'],[hmax,String(hmax)]].forEach(function(a){var tx=document.createElementNS(ns,'text');tx.setAttribute('x',5);tx.setAttribute('y',cy(a[0])+4);tx.textContent='h='+a[1];svg.appendChild(tx);});\n"
	" var ax=document.createElementNS(ns,'text');ax.setAttribute('x',cw/2-40);ax.setAttribute('y',ch-5);ax.textContent='steps (dashed: a restart)';svg.appendChild(ax);\n"
	" var mk=document.createElementNS(ns,'circle');mk.setAttribute('r',5);mk.setAttribute('class','hmark');mk.setAttribute('id','hmark');svg.appendChild(mk);\n"
	" document.getElementById('chart').appendChild(svg);\n"
	" var hmk=mk;\n"
	"}else{document.getElementById('chart-box').hidden=true;}\n"
	"/* one position drawn */\n"
	"var pos=0,slider=document.getElementById('slider'),desc=document.getElementById('desc'),where=document.getElementById('where');\n"
	"slider.max=N;\n"
	"function go(p){pos=Math.max(0,Math.min(N,p));draw();}\n"
	"function draw(){\n"
	" var p=pos,e=p?E[p-1]:null,r,c;\n"
	" for(r=0;r<n;r++)for(c=0;c<n;c++){var el=cells[r*n+c],qq=Q[p*n+r]==c;el.textContent=qq?'\\u265B':'';\n"
	"  el.classList.remove('hit','by','new','win');}\n"
	" if(e&&e[0]==K.CONFLICT){cells[e[1]*n+e[2]].classList.add('hit');if(e[3]>=0)cells[e[3]*n+e[4]].classList.add('by');}\n"
	" if(e&&(e[0]==K.PLACE||e[0]==K.MOVE))cells[e[1]*n+e[2]].classList.add('new');\n"
	" if(e&&e[0]==K.SOLUTION)for(r=0;r<n;r++)if(Q[p*n+r]>=0)cells[r*n+Q[p*n+r]].classList.add('win');\n"
	" desc.textContent=say(p);\n"
	" where.textContent='event '+p+' of '+N+(D.local&&H[p]>=0?' \\u00b7 h = '+H[p]:'');\n"
	" slider.value=p;B.setAttribute('data-pos',p);\n"
	" if(T.length){var cur=null;T.forEach(function(nd){var seen=nd.ev<p;nd.el.classList.toggle('future',!seen);nd.line.classList.toggle('future',!seen);\n"
	"  nd.el.classList.toggle('shown-dead',nd.dead&&nd.end<p);if(seen&&p<=nd.end)cur=nd;});\n"
	"  T.forEach(function(nd){nd.el.classList.toggle('cur',nd===cur);});\n"
	"  /* keep the current node in sight */\n"
	"  if(cur){var x=X(cur),y=Y(cur);if(x<tree.scrollLeft+20||x>tree.scrollLeft+tree.clientWidth-20)tree.scrollLeft=x-tree.clientWidth/2;\n"
	"   if(y<tree.scrollTop+20||y>tree.scrollTop+tree.clientHeight-20)tree.scrollTop=y-tree.clientHeight/2;}}\n"
	" if(HP.length){var t=0;while(t+1<HP.length&&HP[t+1]<p)t++;var k=HP[t];hmk.setAttribute('cx',cx(t));hmk.setAttribute('cy',cy(E[k][6]));}\n"
	"}\n"
	"var timer=null,play=document.getElementById('play');\n"
	"function stop(){if(timer){clearInterval(timer);timer=null;play.textContent='\\u25B6 play';}}\n"
	"document.getElementById('first').onclick=function(){stop();go(0);};\n"
	"document.getElementById('back').onclick=function(){stop();go(pos-1);};\n"
	"document.getElementById('fwd').onclick=function(){stop();go(pos+1);};\n"
	"document.getElementById('last').onclick=function(){stop();go(N);};\n"
	"play.onclick=function(){if(timer){stop();return;}play.textContent='\\u275A\\u275A pause';timer=setInterval(function(){if(pos>=N){stop();return;}go(pos+1);},+document.getElementById('speed').value);};\n"
	"slider.oninput=function(){stop();go(+slider.value);};\n"
	"document.addEventListener('keydown',function(ev){var k={ArrowRight:'fwd',ArrowLeft:'back',Home:'first',End:'last',' ':'play'}[ev.key];if(k){ev.preventDefault();document.getElementById(k).click();}});\n"
	"/* #step=K opens at position K; #clicks=fwd,back,last clicks those\n"
	" * buttons in turn and logs the board and the words after each (the\n"
	" * tests read #log in the DOM) */\n"
	"var frag=decodeURIComponent(location.hash.slice(1)),m=/step=(\\d+)/.exec(frag);\n"
	"go(m?+m[1]:0);\n"
	"m=/clicks=([a-z,]+)/.exec(frag);\n"
	"if(m){var log=[];m[1].split(',').forEach(function(b){var el=document.getElementById(b);if(!el)return;el.click();\n"
	" var s='';for(var r=0;r<n;r++)s+=(r?' ':'')+(Q[pos*n+r]+1);log.push({button:b,pos:pos,board:s,desc:desc.textContent});});\n"
	" document.getElementById('log').textContent=JSON.stringify(log);}\n"
	"document.body.setAttribute('data-ready','1');\n"
	"})();\n";

/* Text for HTML, and for a JSON string inside a script element: no
 * markup, no "</script>" (every <, >, & and quote as an entity, or as
 * \u00XX in JSON). */
static void html_text(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '&': fputs("&amp;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\'': fputs("&#39;", f); break;
		default: fputc(*s, f);
		}
	}
}

static void json_text(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c < 0x20 || c == '<' || c == '>' || c == '&' || c == '"' ||
		    c == '\\' || c == '\'')
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

static const char *const kind_words[] = {
	"PLACE", "CONFLICT", "BACKTRACK", "SOLUTION", "STATE", "MOVE"
};

int nq_trace_page_write(const nq_trace_log *log, FILE *f)
{
	size_t i;
	char what[200];

	snprintf(what, sizeof what, "n = %d, %s, seed %llu", log->n,
		 log->local ? "a local search" : log->count ?
		 "every placement counted" : "the first placement",
		 (unsigned long long)log->seed);
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width\">\n<title>", f);
	html_text(f, log->approach);
	fprintf(f, ", n = %d: a search step by step</title>\n<style>\n%s</style>\n"
		"</head>\n<body>\n<h1>", log->n, page_css);
	html_text(f, log->approach);
	fprintf(f, " on the %d x %d board</h1>\n<p class=\"sub\">", log->n,
		log->n);
	html_text(f, what);
	fprintf(f, "; %zu events; ", log->nev);
	html_text(f, log->end);
	fputs(".</p>\n", f);
	if (log->capped)
		fprintf(f, "<p class=\"sub\"><strong>Cut short:</strong> the "
			"trace kept its first %zu events and stopped the "
			"search there (harness trace --max-events N keeps "
			"more).</p>\n", log->nev);
	fprintf(f,
		"<div id=\"top\">\n<div id=\"board\" style=\"--n:%d\"></div>\n"
		"<div id=\"side\">\n<div id=\"desc\"></div>\n<div id=\"where\"></div>\n"
		"<div id=\"controls\">\n"
		"<button id=\"first\" title=\"Home\">&#x25C0;&#x25C0; first</button>"
		"<button id=\"back\" title=\"left arrow\">&#x25C0; back</button>"
		"<button id=\"fwd\" title=\"right arrow\">forward &#x25B6;</button>"
		"<button id=\"last\" title=\"End\">last &#x25B6;&#x25B6;</button>"
		"<button id=\"play\" title=\"space\">&#x25B6; play</button>\n"
		"<label>speed <select id=\"speed\"><option value=\"1000\">slow</option>"
		"<option value=\"300\" selected>normal</option>"
		"<option value=\"60\">fast</option><option value=\"5\">fastest</option>"
		"</select></label>\n"
		"<input type=\"range\" id=\"slider\" min=\"0\" value=\"0\" aria-label=\"event\">\n"
		"</div>\n<p>Keys: <kbd>&#x2190;</kbd> <kbd>&#x2192;</kbd> a step, "
		"<kbd>Home</kbd> <kbd>End</kbd>, <kbd>space</kbd> plays. Blue ring: the "
		"queen just placed or moved; red: a square refused, ringed red the "
		"queen that attacks it; green: a placement.</p>\n"
		"</div>\n</div>\n"
		"<div id=\"tree-box\">\n<h2>The search tree</h2>\n<p id=\"tree-note\"></p>\n"
		"<div id=\"tree\"></div>\n</div>\n"
		"<div id=\"chart-box\">\n<h2>h, the attacking pairs, along the steps</h2>\n"
		"<div id=\"chart\"></div>\n</div>\n"
		"<pre id=\"log\"></pre>\n", log->n);

	fprintf(f, "<script type=\"application/json\" id=\"trace-data\">\n"
		"{\"n\":%d,\"local\":%d,\"count\":%d,\"capped\":%d,\"approach\":",
		log->n, log->local, log->count, log->capped);
	json_text(f, log->approach);
	fputs(",\n\"kinds\":[", f);
	for (i = 0; i < sizeof kind_words / sizeof *kind_words; i++)
		fprintf(f, "%s\"%s\"", i ? "," : "", kind_words[i]);
	fputs("],\n\"ev\":[", f);
	for (i = 0; i < log->nev; i++) {
		const nq_trace_rec *e = &log->ev[i];

		fprintf(f, "%s[%d,%d,%d,%d,%d,%lld,%lld,%zu]", i ? (i % 8 ? "," :
			",\n") : "", (int)e->kind, e->row, e->col, e->other_row,
			e->other_col, (long long)e->step, (long long)e->h,
			e->board);
	}
	fputs("],\n\"boards\":[", f);
	for (i = 0; i < log->nboards; i++)
		fprintf(f, "%s%d", i ? (i % 32 ? "," : ",\n") : "",
			(int)log->boards[i]);
	fprintf(f, "]}\n</script>\n<script>\n%s</script>\n</body>\n</html>\n",
		page_js);
	return ferror(f) ? -1 : 0;
}
