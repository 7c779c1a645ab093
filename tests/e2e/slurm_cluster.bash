# slurm_cluster.bash - a private one-node Slurm cluster for the e2e
# tests (sourced after common.bash). cluster_start DIR writes a slurm.conf
# of its own in DIR and points SLURM_CONF at it, so the machine's
# /etc/slurm is never read or written; state, spool, pid files and logs
# stay in DIR. It starts munged (on a socket of its own), slurmctld and
# slurmd, each in the foreground as a child of this shell, so $! is the
# daemon itself and no pid file has to be waited for. cluster_stop stops
# exactly those PIDs (the caller's EXIT trap), cancelling our jobs first;
# a daemon that has exited but is not yet reaped counts as stopped.
#
# cluster_why_not prints why a cluster cannot start here (empty: it can);
# the test then prints "SKIP: <why>" and passes.

CLUSTER_PIDS=""
CLUSTER_DIR=""
CLUSTER_MUNGE=""

cluster_why_not() {
	local c
	[ "$(id -u)" -eq 0 ] || { echo "not root (the daemons need it)"; return; }
	for c in munged munge unmunge slurmctld slurmd sbatch squeue sinfo scontrol \
		 scancel setpriv; do
		command -v "$c" >/dev/null 2>&1 ||
			{ echo "no '$c' (make deps installs slurm-wlm and munge)"; return; }
	done
	[ -r /etc/munge/munge.key ] ||
		{ echo "no /etc/munge/munge.key (the munge package makes it)"; return; }
	id munge >/dev/null 2>&1 || { echo "no user 'munge'"; return; }
}

# cluster_alive PID: running, not a zombie waiting to be reaped
cluster_alive() {
	local st
	st=$(grep '^State:' "/proc/$1/status" 2>/dev/null) || return 1
	case $st in *[[:space:]][ZX]*) return 1 ;; esac
}

cluster_munge_ok() {
	munge --socket="$CLUSTER_MUNGE.socket" -n </dev/null 2>/dev/null |
		unmunge --socket="$CLUSTER_MUNGE.socket" >/dev/null 2>&1
}

# cluster_start DIR: 0 with the node idle, or 1 with the reason on stdout
cluster_start() {
	local d=$1 host node i pc pd
	CLUSTER_DIR=$d
	mkdir -p "$d/state" "$d/spool" "$d/log" || { echo "cannot make $d"; return 1; }

	# our own munged on a socket of its own: the machine's munged (if any)
	# is left alone, and a cluster of another test running at the same
	# time cannot take ours away when it stops. Without systemd nobody
	# makes /run/munge; munged wants its files in a directory of its user.
	mkdir -p /run/munge && chown munge:munge /run/munge &&
		chmod 0755 /run/munge || { echo "cannot make /run/munge"; return 1; }
	CLUSTER_MUNGE=/run/munge/nqtest-$$
	setpriv --reuid=munge --regid=munge --init-groups \
		munged --foreground --socket="$CLUSTER_MUNGE.socket" \
		--pid-file="$CLUSTER_MUNGE.pid" --log-file="$CLUSTER_MUNGE.log" \
		--seed-file="$CLUSTER_MUNGE.seed" >"$d/log/munged.out" 2>&1 &
	CLUSTER_PIDS="$CLUSTER_PIDS $!"
	for i in $(seq 50); do
		cluster_munge_ok && break
		sleep 0.1
	done
	cluster_munge_ok || { echo "munged did not answer: $(tail -n 2 "$d/log/munged.out")"; return 1; }

	host=$(hostname -s)
	node=$(slurmd -C 2>/dev/null | head -1)
	case $node in NodeName=*) ;; *) echo "slurmd -C printed no node"; return 1 ;; esac
	# free ports, apart from a system Slurm's 6817/6818 and from another
	# test's cluster running at the same time; the loopback address, so
	# the host name need not resolve
	read -r pc pd < <(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*(x.getsockname()[1] for x in s))')
	[ -n "${pd:-}" ] || { echo "no free ports"; return 1; }
	cat >"$d/slurm.conf" <<EOF
# a private one-node cluster for tests/e2e/slurm.sh
ClusterName=nqtest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$pc
SlurmdPort=$pd
SlurmUser=root
AuthType=auth/munge
AuthInfo=socket=$CLUSTER_MUNGE.socket
StateSaveLocation=$d/state
SlurmdSpoolDir=$d/spool
SlurmctldPidFile=$d/slurmctld.pid
SlurmdPidFile=$d/slurmd.pid
SlurmctldLogFile=$d/log/slurmctld.log
SlurmdLogFile=$d/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
DefMemPerCPU=256
JobAcctGatherType=jobacct_gather/linux
JobAcctGatherParams=OverMemoryKill
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$d/log/jobcomp.txt
MpiDefault=none
ReturnToService=2
SchedulerParameters=sched_interval=1,bf_interval=1
MinJobAge=600
$node NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
	export SLURM_CONF=$d/slurm.conf
	slurmctld -D -i >"$d/log/slurmctld.out" 2>&1 &
	CLUSTER_PIDS="$CLUSTER_PIDS $!"
	slurmd -D >"$d/log/slurmd.out" 2>&1 &
	CLUSTER_PIDS="$CLUSTER_PIDS $!"
	# up when the node is idle (registered and ready for jobs)
	for i in $(seq 100); do
		case $(sinfo -h -n "$host" -o %t 2>/dev/null) in idle*) return 0 ;; esac
		sleep 0.1
	done
	echo "the node did not come up in 10 s: $(sinfo -h -o '%t %E' 2>&1 | head -1;
		tail -3 "$d/log/slurmctld.log" "$d/log/slurmd.log" 2>&1)"
	return 1
}

cluster_stop() {
	local p i
	[ -n "$CLUSTER_PIDS" ] || return 0
	# our cluster's jobs only: SLURM_CONF names our slurm.conf
	[ "${SLURM_CONF:-}" = "$CLUSTER_DIR/slurm.conf" ] &&
		scancel --user="$(id -un)" >/dev/null 2>&1
	for p in $CLUSTER_PIDS; do
		kill -TERM "$p" 2>/dev/null
	done
	for i in $(seq 50); do
		local left=""
		for p in $CLUSTER_PIDS; do
			cluster_alive "$p" && left="$left $p"
		done
		[ -z "$left" ] && break
		sleep 0.1
	done
	for p in $CLUSTER_PIDS; do
		cluster_alive "$p" && kill -KILL "$p" 2>/dev/null
		wait "$p" 2>/dev/null
	done
	CLUSTER_PIDS=""
	[ -n "$CLUSTER_MUNGE" ] && rm -f "$CLUSTER_MUNGE".*
}
