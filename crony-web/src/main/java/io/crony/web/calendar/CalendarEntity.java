package io.crony.web.calendar;

import java.time.Instant;

import com.baomidou.mybatisplus.annotation.FieldStrategy;
import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableField;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;

import io.crony.common.calendar.BusinessCalendar;
import io.crony.common.json.CronyJson;

/**
 * A row of {@code calendar}; {@code definition} is the {@link BusinessCalendar} as JSON,
 * its name being the column's.
 */
@TableName("calendar")
class CalendarEntity {

	@TableId(type = IdType.AUTO)
	Long id;

	Long departmentId;

	String name;

	@TableField(updateStrategy = FieldStrategy.ALWAYS)
	String description;

	String definition;

	Long version;

	@TableField(updateStrategy = FieldStrategy.NEVER)
	String createdBy;

	@TableField(updateStrategy = FieldStrategy.NEVER)
	Instant createdAt;

	String updatedBy;

	Instant updatedAt;

	/** The calendar as jobs carry it, named by this row. */
	BusinessCalendar calendar() {
		BusinessCalendar stored = CronyJson.fromJson(this.definition, BusinessCalendar.class);
		return new BusinessCalendar(this.name, stored.workingDays(), stored.holidays(), stored.workdays(),
				stored.timeZone());
	}

}
