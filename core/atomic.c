/* atomic.c - see atomic.h. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "atomic.h"

int nq_atomic_open(nq_atomic *a, const char *path, nq_error *err)
{
	mode_t mask = umask(0);
	int fd;

	umask(mask);
	a->f = NULL;
	a->path = path;
	if (snprintf(a->tmp, sizeof a->tmp, "%s.tmpXXXXXX", path) >=
	    (int)sizeof a->tmp)
		return nq_error_set(err, path, 0, 0, "path too long");
	if ((fd = mkstemp(a->tmp)) < 0)
		return nq_error_set(err, path, 0, 0, "cannot write: %s",
				    strerror(errno));
	if (fchmod(fd, 0666 & ~mask) < 0 || !(a->f = fdopen(fd, "w"))) {
		nq_error_set(err, path, 0, 0, "cannot write: %s",
			     strerror(errno));
		close(fd);
		unlink(a->tmp);
		return -1;
	}
	return 0;
}

int nq_atomic_commit(nq_atomic *a, nq_error *err)
{
	int bad = fflush(a->f) != 0 || ferror(a->f) ||
		  fsync(fileno(a->f)) != 0;
	int saved = errno;

	if (fclose(a->f) != 0 && !bad) {
		bad = 1;
		saved = errno;
	}
	a->f = NULL;
	if (!bad && rename(a->tmp, a->path) == 0)
		return 0;
	if (!bad)
		saved = errno;
	unlink(a->tmp);
	return nq_error_set(err, a->path, 0, 0, "cannot write: %s",
			    strerror(saved ? saved : EIO));
}

void nq_atomic_abort(nq_atomic *a)
{
	if (a->f)
		fclose(a->f);
	a->f = NULL;
	unlink(a->tmp);
}
