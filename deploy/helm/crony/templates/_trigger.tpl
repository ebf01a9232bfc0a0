{{/* crony-trigger's arguments and environment in call mode: POST call.url, alert the
DingTalk robot whose token (and signing secret) sit in call.dingTalk.secretName. */}}
{{- define "crony.triggerCall" -}}
{{- $c := .call }}
{{- $d := required (printf "trigger.jobs[%s].call.dingTalk is required: crony-trigger alerts there when it gives up" .job.name) $c.dingTalk }}
args:
  - -url
  - {{ required "call.url is required" $c.url | quote }}
  - -name
  - {{ .job.name | quote }}
  {{- if hasKey $c "body" }}
  - -body
  - {{ include "crony.jsonText" $c.body | quote }}
  {{- end }}
  {{- range $flag, $key := dict "-timeout" "timeout" "-retries" "retries" "-backoff" "backoff" "-success-field" "successField" "-success-value" "successValue" "-dingtalk-url" "dingTalkUrl" }}
  {{- if hasKey $c $key }}
  - {{ $flag }}
  - {{ index $c $key | toString | quote }}
  {{- end }}
  {{- end }}
  {{- range $c.headers }}
  - -header
  - {{ . | quote }}
  {{- end }}
env:
  - name: CRONY_TRIGGER_DINGTALK_TOKEN
    valueFrom:
      secretKeyRef:
        name: {{ required "call.dingTalk.secretName is required" $d.secretName }}
        key: {{ $d.tokenKey | default "token" }}
  {{- if $d.secretKey }}
  - name: CRONY_TRIGGER_DINGTALK_SECRET
    valueFrom:
      secretKeyRef:
        name: {{ $d.secretName }}
        key: {{ $d.secretKey }}
  {{- end }}
{{- end }}

{{/* crony-trigger's arguments and environment in crony mode: run the Crony job crony.job
(default: the entry's name) through crony.url (default: this release's web Service), signed
in with an API token or a user's password from crony.auth.secretName. */}}
{{- define "crony.triggerCrony" -}}
{{- $c := .crony }}
{{- $a := required (printf "trigger.jobs[%s].crony.auth is required" .job.name) $c.auth }}
{{- if and $c.poll (not $c.wait) }}
{{- fail (printf "trigger.jobs[%s].crony.poll needs crony.wait: true" .job.name) }}
{{- end }}
args:
  - -crony
  - {{ $c.url | default (printf "http://%s-web:%v" (include "crony.fullname" .root) .root.Values.web.httpPort) | quote }}
  - -job
  - {{ $c.job | default .job.name | quote }}
  {{- if hasKey $c "params" }}
  - -params
  - {{ include "crony.jsonText" $c.params | quote }}
  {{- end }}
  {{- if $c.wait }}
  - -wait
  {{- end }}
  {{- range $flag, $key := dict "-poll" "poll" "-timeout" "timeout" }}
  {{- if hasKey $c $key }}
  - {{ $flag }}
  - {{ index $c $key | quote }}
  {{- end }}
  {{- end }}
  {{- if $a.user }}
  - -user
  - {{ $a.user | quote }}
  {{- end }}
env:
  {{- if $a.user }}
  - name: CRONY_PASSWORD
    valueFrom:
      secretKeyRef:
        name: {{ required "crony.auth.secretName is required" $a.secretName }}
        key: {{ $a.passwordKey | default "password" }}
  {{- else }}
  - name: CRONY_API_TOKEN
    valueFrom:
      secretKeyRef:
        name: {{ required "crony.auth.secretName is required" $a.secretName }}
        key: {{ $a.apiTokenKey | default "api-token" }}
  {{- end }}
{{- end }}

{{/* JSON given either as text or as YAML (an object or a list), as one string. */}}
{{- define "crony.jsonText" -}}
{{- if kindIs "string" . }}{{ . }}{{ else }}{{ toJson . }}{{ end }}
{{- end }}
