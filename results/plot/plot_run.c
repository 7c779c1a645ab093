/*
 * plot_run.c - running gnuplot for plot.h: the script plot.c writes, fed
 * on gnuplot's stdin, the picture into a temp file renamed into place
 * when gnuplot succeeds (nq_plot_draw), or read back for a page that
 * holds it (nq_plot_svg).
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "atomic.h"
#include "host.h"
#include "names.h"
#include "plot.h"
#include "plot_common.h"

/* ---- running gnuplot ------------------------------------------------ */

/* The program to run, checked to exist. */
static int find_gnuplot(const nq_plot_opts *o, char *buf, size_t len,
			nq_error *err)
{
	const char *prog = o->gnuplot ? o->gnuplot : getenv("NQ_GNUPLOT");
	const char *path = getenv("PATH");
	char dir[4096], *p, *save = NULL;

	if (!prog || !prog[0])
		prog = "gnuplot";
	if (strchr(prog, '/')) {
		snprintf(buf, len, "%s", prog);
		if (access(buf, X_OK) == 0)
			return 0;
	} else {
		snprintf(dir, sizeof dir, "%s", path ? path : "/usr/bin:/bin");
		for (p = strtok_r(dir, ":", &save); p;
		     p = strtok_r(NULL, ":", &save)) {
			snprintf(buf, len, "%s/%s", p, prog);
			if (access(buf, X_OK) == 0)
				return 0;
		}
	}
	return nq_error_set(err, NULL, 0, 0, "cannot draw: gnuplot is not "
			    "installed ('%s' not found; on Debian: apt-get "
			    "install gnuplot-nox, or `make deps`)", prog);
}

/* Run `prog` with `script` on stdin; its messages go to `log`. Returns
 * its exit status, or -1 if it could not be run. */
static int run_gnuplot(const char *prog, const char *script, size_t len,
		       FILE *log)
{
	char *argv[2] = { (char *)prog, NULL };
	nq_spawn sp = { 0 };
	struct sigaction ign, old;
	int fds[2], status = -1;
	pid_t pid;

	if (pipe(fds) < 0)
		return -1;
	sp.argv = argv;
	sp.in = fds[0];
	sp.out = sp.err = fileno(log);
	sp.close_fd = fds[1];
	pid = nq_spawn_start(&sp);
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	close(fds[0]);
	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	sigaction(SIGPIPE, &ign, &old);
	/* a failed write: gnuplot stopped reading, its status says why */
	(void)nq_write_all(fds[1], script, len);
	close(fds[1]);
	sigaction(SIGPIPE, &old, NULL);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	return 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

/* The last non-empty lines of what gnuplot said, on one line. */
static void log_tail(FILE *log, char *buf, size_t len)
{
	char text[4096];
	size_t n, i, used = 0;
	long size;

	buf[0] = '\0';
	fflush(log);
	if (fseek(log, 0, SEEK_END) < 0 || (size = ftell(log)) <= 0)
		return;
	fseek(log, size > (long)sizeof text - 1 ? size - (long)sizeof text + 1
	      : 0, SEEK_SET);
	n = fread(text, 1, sizeof text - 1, log);
	text[n] = '\0';
	for (i = n > 400 ? n - 400 : 0; i < n && used + 1 < len; i++) {
		char ch = text[i] == '\n' ? ' ' : text[i];

		if (ch == ' ' && used && buf[used - 1] == ' ')
			continue;
		buf[used++] = ch;
	}
	buf[used] = '\0';
}

int nq_plot_draw(const nq_table *t, const nq_plot_opts *o, nq_error *err)
{
	char prog[4096], said[512];
	char *script = NULL;
	size_t len = 0;
	FILE *mem = NULL, *log = NULL;
	struct stat st;
	nq_atomic pic;
	int rc, status;

	if (nq_plot_term_of(o->output) < 0) {
		nq_error_set(err, o->output, 0, 0, "cannot tell the picture "
			     "type: name the output .svg, .png or .pdf");
		return NQ_PLOT_EINPUT;
	}
	/* a device, FIFO, directory or symbolic link is never replaced; a
	 * name `set output` cannot hold is refused before the temp file */
	if (nq_name_check(o->output, "output path", "a gnuplot script's set "
			  "output", err) || nq_output_check(o->output, err))
		return NQ_PLOT_EINPUT;
	/* the script names the temp file the picture goes to; gnuplot
	 * writes it by name, nq_atomic_commit renames it into place */
	if (nq_atomic_open(&pic, o->output, err) < 0)
		return NQ_PLOT_EDRAW;
	mem = open_memstream(&script, &len);
	if (!mem) {
		nq_error_set(err, NULL, 0, 0, "out of memory");
		nq_atomic_abort(&pic);
		return NQ_PLOT_EDRAW;
	}
	rc = nq_plot_script(t, o, pic.tmp, mem, err);
	if (fclose(mem) != 0 && rc == 0) {
		nq_error_set(err, NULL, 0, 0, "out of memory");
		rc = NQ_PLOT_EDRAW;
	}
	if (rc < 0)
		goto out;
	rc = NQ_PLOT_EDRAW;
	if (find_gnuplot(o, prog, sizeof prog, err) < 0)
		goto out;
	log = tmpfile();
	if (!log) {
		nq_error_set(err, NULL, 0, 0, "cannot make a temp file: %s",
			     strerror(errno));
		goto out;
	}
	status = run_gnuplot(prog, script, len, log);
	if (status != 0 || stat(pic.tmp, &st) < 0 || st.st_size == 0) {
		log_tail(log, said, sizeof said);
		if (status < 0)
			nq_error_set(err, NULL, 0, 0, "cannot run %s: %s", prog,
				     strerror(errno));
		else
			nq_error_set(err, NULL, 0, 0, "gnuplot failed (exit %d)"
				     "%s%s", status, said[0] ? ": " : "", said);
		goto out;
	}
	if (nq_atomic_commit(&pic, err) < 0) {
		pic.f = NULL; /* closed and removed by the commit */
		goto out_done;
	}
	rc = 0;
	goto out_done;
out:
	nq_atomic_abort(&pic); /* never half a picture */
out_done:
	if (log)
		fclose(log);
	free(script);
	return rc;
}

int nq_plot_svg(const nq_table *t, const nq_plot_opts *o, char **svg,
		size_t *len, nq_error *err)
{
	char dir[4096], path[4200];
	nq_plot_opts po = *o;
	FILE *f;
	long size;
	int rc;

	*svg = NULL;
	*len = 0;
	if (nq_tmpdir_make("plot", dir, sizeof dir) < 0)
		return nq_error_set(err, dir, 0, 0, "cannot make a temp "
				    "directory: %s", strerror(errno)),
		       NQ_PLOT_EDRAW;
	snprintf(path, sizeof path, "%s/plot.svg", dir);
	po.output = path;
	rc = nq_plot_draw(t, &po, err);
	if (rc == 0) {
		rc = NQ_PLOT_EDRAW;
		if (!(f = fopen(path, "rb"))) {
			nq_error_set(err, path, 0, 0, "cannot read: %s",
				     strerror(errno));
		} else {
			if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) > 0 &&
			    fseek(f, 0, SEEK_SET) == 0 &&
			    (*svg = malloc((size_t)size + 1)) &&
			    fread(*svg, 1, (size_t)size, f) == (size_t)size) {
				(*svg)[size] = '\0';
				*len = (size_t)size;
				rc = 0;
			} else {
				free(*svg);
				*svg = NULL;
				nq_error_set(err, path, 0, 0, "cannot read the "
					     "picture back");
			}
			fclose(f);
		}
	}
	unlink(path);
	rmdir(dir);
	return rc;
}
