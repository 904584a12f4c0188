#
# The dialog's runs (RunLedger): which run a client's request id stands for, whether its editor asked to
# stop it, until when it may run, the correlation id its answer was rated under and the rating. Kept in
# the database, so every web node of a site sees the same runs: the limits on running runs, Stop landing
# on another node, feedback that only the run's editor may give. Not a cache: flushing TYPO3's caches
# leaves it alone.
#
CREATE TABLE tx_askai_run (
    uid int(11) unsigned NOT NULL auto_increment,
    be_user int(11) unsigned DEFAULT '0' NOT NULL,
    request_id varchar(128) DEFAULT '' NOT NULL,
    -- running | finished | cancelled (asked to stop before it started) | abandoned (past its deadline, unsettled)
    state varchar(16) DEFAULT 'running' NOT NULL,
    cancel_requested smallint(5) unsigned DEFAULT '0' NOT NULL,
    run_uuid varchar(36) DEFAULT '' NOT NULL,
    correlation_id varchar(64) DEFAULT '' NOT NULL,
    rating varchar(16) DEFAULT '' NOT NULL,
    rating_changes smallint(5) unsigned DEFAULT '0' NOT NULL,
    -- 1 while the rating is written to nr-llm's outcome table: no other rating of the answer meanwhile
    rating_pending smallint(5) unsigned DEFAULT '0' NOT NULL,
    started int(11) unsigned DEFAULT '0' NOT NULL,
    deadline int(11) unsigned DEFAULT '0' NOT NULL,
    -- a run still running this late was left by a worker or a web node that died: it no longer counts
    abandon_at int(11) unsigned DEFAULT '0' NOT NULL,
    -- the PHP process that runs it (<host>:<pid>): names nr-llm's run of a worker that died before its first step
    worker varchar(64) DEFAULT '' NOT NULL,
    finished int(11) unsigned DEFAULT '0' NOT NULL,

    PRIMARY KEY (uid),
    KEY owner_request (be_user, request_id),
    KEY running (state, deadline),
    KEY stale (state, abandon_at),
    KEY correlation (correlation_id, be_user),
    KEY run_uuid (run_uuid)
);

#
# The places for running runs (RunAdmission): one editor's (`user:<uid>`) and the whole site's (`site`), a row
# each, numbered up to the limit and unique per scope and number — so web nodes admitting at the same moment
# cannot both take the last place: the database refuses the second insert. A place goes with its run's end,
# or, left by a worker that died, once it expires (its run's `abandon_at`).
#
CREATE TABLE tx_askai_slot (
    scope varchar(32) DEFAULT '' NOT NULL,
    slot smallint(5) unsigned DEFAULT '0' NOT NULL,
    entry int(11) unsigned DEFAULT '0' NOT NULL,
    expires int(11) unsigned DEFAULT '0' NOT NULL,

    PRIMARY KEY (scope, slot),
    KEY entry (entry)
);
