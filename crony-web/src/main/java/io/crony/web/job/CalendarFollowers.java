package io.crony.web.job;

import java.time.Instant;
import java.util.List;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import io.crony.common.calendar.JobCalendar;
import io.crony.common.job.JobSpec;
import io.crony.common.json.CronyJson;
import io.crony.web.calendar.CalendarChanged;

/**
 * Gives the jobs that follow a calendar its new days. Each job is written as any change
 * of it is, a new version with a new {@code updated_at}, in the calendar's transaction:
 * the leader publishes the new specs, and each agent plans the job's fires anew, the
 * claim per (job, instant) keeping a fire both plans share from running twice.
 */
@Component
class CalendarFollowers {

	private static final Logger log = LoggerFactory.getLogger(CalendarFollowers.class);

	private final JobMapper jobs;

	private final JobWrites writes;

	CalendarFollowers(JobMapper jobs, JobWrites writes) {
		this.jobs = jobs;
		this.writes = writes;
	}

	@EventListener
	void calendarChanged(CalendarChanged change) {
		List<JobEntity> followers = this.jobs
			.selectList(new LambdaQueryWrapper<JobEntity>().eq(JobEntity::getCalendarId, change.id()));
		Instant now = JobService.now();
		for (JobEntity job : followers) {
			JobSpec spec = CronyJson.fromJson(job.getSpec(), JobSpec.class);
			long read = job.getVersion();
			JobCalendar calendar = new JobCalendar(change.id(), change.calendar().name(), spec.calendar().rule(),
					change.calendar());
			job.define(spec.withCalendar(calendar).withIdAndVersion(job.getId(), read + 1), now);
			if (this.writes.update(job) == 0) {
				// a user wrote the job meanwhile: the calendar write is refused, to be
				// tried
				// again
				throw new JobVersionConflictException(job.getId(), read, read + 1);
			}
		}
		if (!followers.isEmpty()) {
			log.info("Calendar {} '{}' changed by {}: {} jobs that follow it get it", change.id(),
					change.calendar().name(), change.by(), followers.size());
		}
	}

}
