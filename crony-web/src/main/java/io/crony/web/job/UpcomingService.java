package io.crony.web.job;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import io.crony.common.calendar.CalendarSchedule;
import io.crony.common.calendar.JobCalendar;
import io.crony.common.job.JobSpec;
import io.crony.common.json.CronyJson;
import io.crony.common.schedule.InvalidScheduleException;
import io.crony.common.schedule.Schedule;
import io.crony.common.schedule.Schedules;
import io.crony.web.auth.Departments;
import io.crony.web.job.UpcomingResponse.Bucket;
import io.crony.web.job.UpcomingResponse.BucketJobs;
import io.crony.web.job.UpcomingResponse.JobFires;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Service;

/**
 * The shape of the day: when the request's department's enabled jobs fire, counted per
 * bucket. Jobs sharing a schedule and zone are counted once (teams copy schedules: a
 * thousand jobs at {@code 0 0 * * *} cost one count).
 */
@Service
class UpcomingService {

	private static final Logger log = LoggerFactory.getLogger(UpcomingService.class);

	static final int JOBS_PER_PEAK = 10;

	private final JobMapper jobs;

	UpcomingService(JobMapper jobs) {
		this.jobs = jobs;
	}

	UpcomingResponse upcoming(UpcomingRange range, int peaks) {
		return upcoming(groups(this.jobs.enabledSchedules(Departments.current())), range, peaks);
	}

	BucketJobs jobsIn(UpcomingRange bucket, int limit) {
		List<JobFires> all = jobsIn(groups(this.jobs.enabledSchedules(Departments.current())), bucket);
		return new BucketJobs(bucket.from(), bucket.to(), all.stream().mapToLong(JobFires::fires).sum(), all.size(),
				all.subList(0, Math.min(limit, all.size())));
	}

	static UpcomingResponse upcoming(List<Group> groups, UpcomingRange range, int peaks) {
		long from = range.from().getEpochSecond();
		long to = range.to().getEpochSecond();
		long[] totals = new long[(int) range.buckets()];
		for (Group group : groups) {
			int size = group.jobs().size();
			FireCounter.count(group.schedule(), from, to, range.bucketSeconds(),
					(bucket, fires) -> totals[bucket] += fires * size);
		}
		List<Bucket> buckets = new ArrayList<>();
		long fires = 0;
		for (int i = 0; i < totals.length; i++) {
			if (totals[i] > 0) {
				buckets.add(Bucket.of(range.bucketStart(i), totals[i]));
				fires += totals[i];
			}
		}
		List<Bucket> top = IntStream.range(0, totals.length)
			.filter((i) -> totals[i] > 0)
			.boxed()
			.sorted(Comparator.comparingLong((Integer i) -> -totals[i]).thenComparingInt((i) -> i))
			.limit(peaks)
			.map((i) -> peak(groups, range, i, totals[i]))
			.toList();
		int jobCount = groups.stream().mapToInt((group) -> group.jobs().size()).sum();
		return new UpcomingResponse(range.from(), range.to(), (int) (range.bucketSeconds() / 60), fires, jobCount,
				buckets, top);
	}

	private static Bucket peak(List<Group> groups, UpcomingRange range, int index, long fires) {
		Instant start = range.bucketStart(index);
		Instant end = start.plusSeconds(range.bucketSeconds());
		if (end.isAfter(range.to())) {
			end = range.to();
		}
		List<JobFires> behind = jobsIn(groups, new UpcomingRange(start, end, range.bucketSeconds()));
		return new Bucket(start, fires, behind.size(), behind.subList(0, Math.min(JOBS_PER_PEAK, behind.size())));
	}

	/**
	 * The jobs firing in a range counted as one bucket, most fires first, then by name.
	 */
	static List<JobFires> jobsIn(List<Group> groups, UpcomingRange bucket) {
		long from = bucket.from().getEpochSecond();
		long to = bucket.to().getEpochSecond();
		List<JobFires> found = new ArrayList<>();
		for (Group group : groups) {
			long[] fires = { 0 };
			FireCounter.count(group.schedule(), from, to, to - from, (b, n) -> fires[0] += n);
			if (fires[0] > 0) {
				group.jobs()
					.forEach((job) -> found
						.add(new JobFires(job.getId(), job.getName(), job.getSchedule(), job.getTimeZone(), fires[0])));
			}
		}
		found.sort(Comparator.comparingLong(JobFires::fires)
			.reversed()
			.thenComparing(JobFires::name)
			.thenComparingLong(JobFires::id));
		return found;
	}

	/** Jobs by schedule, zone and calendar, each schedule parsed once. */
	static List<Group> groups(List<JobEntity> jobs) {
		Map<List<String>, Group> groups = new LinkedHashMap<>();
		for (JobEntity job : jobs) {
			if (job.getSchedule().isBlank()) {
				// runs when its upstreams succeed: no instants of its own to count
				continue;
			}
			JobCalendar calendar = (job.getCalendarId() != null)
					? CronyJson.fromJson(job.getSpec(), JobSpec.class).calendar() : null;
			List<String> key = List.of(job.getSchedule().trim(), job.getTimeZone().trim(),
					(calendar != null) ? calendar.id() + " " + calendar.rule() : "");
			Group group = groups.get(key);
			if (group == null) {
				try {
					group = new Group(CalendarSchedule.wrap(Schedules.parse(key.get(0), key.get(1)), calendar),
							new ArrayList<>());
				}
				catch (InvalidScheduleException ex) {
					// saved before a rule tightened: the agents cannot fire it either
					log.warn("Job {} has a schedule that no longer parses, left out of upcoming: {}", job.getId(),
							ex.getMessage());
					continue;
				}
				groups.put(key, group);
			}
			group.jobs().add(job);
		}
		return List.copyOf(groups.values());
	}

	/** The jobs of one schedule, zone and calendar. */
	record Group(Schedule schedule, List<JobEntity> jobs) {
	}

}
