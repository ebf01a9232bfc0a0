{{/* The chart's name, cut to the 63 characters a Kubernetes name allows. */}}
{{- define "crony.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Release-qualified name: objects of two releases in one namespace never collide. */}}
{{- define "crony.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{/* Labels every object carries. */}}
{{- define "crony.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
app.kubernetes.io/name: {{ include "crony.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}

{{/* Selector labels of one component (web, agent, trigger): stable across upgrades. */}}
{{- define "crony.selectorLabels" -}}
app.kubernetes.io/name: {{ include "crony.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end }}

{{/* The Secret holding passwords and keys: the chart's own or one the operator made. */}}
{{- define "crony.secretName" -}}
{{- if .Values.secrets.create }}{{ include "crony.fullname" . }}{{ else }}{{ required "secrets.existingSecret is required when secrets.create is false" .Values.secrets.existingSecret }}{{ end }}
{{- end }}

{{/* An image reference from {registry, repository, tag}: global.imageRegistry overrides the
registry, the tag defaults to the chart's appVersion. */}}
{{- define "crony.image" -}}
{{- $registry := default .image.registry .root.Values.global.imageRegistry }}
{{- $tag := default .root.Chart.AppVersion .image.tag }}
{{- if $registry }}{{ printf "%s/%s:%s" (trimSuffix "/" $registry) .image.repository $tag }}{{ else }}{{ printf "%s:%s" .image.repository $tag }}{{ end }}
{{- end }}

{{/* The ServiceAccount of web and agent pods. */}}
{{- define "crony.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}{{ default (include "crony.fullname" .) .Values.serviceAccount.name }}{{ else }}{{ default "default" .Values.serviceAccount.name }}{{ end }}
{{- end }}

{{/* Environment both web and agent take: the database, etcd and the secret key. */}}
{{- define "crony.commonEnv" -}}
- name: SPRING_DATASOURCE_URL
  value: {{ required "database.url is required (jdbc:mysql://host:3306/crony?...)" .Values.database.url | quote }}
- name: SPRING_DATASOURCE_USERNAME
  value: {{ .Values.database.username | quote }}
- name: SPRING_DATASOURCE_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ include "crony.secretName" . }}
      key: {{ .Values.secrets.keys.databasePassword }}
- name: CRONY_ETCD_ENDPOINTS
  value: {{ required "etcd.endpoints is required" (join "," .Values.etcd.endpoints) | quote }}
- name: CRONY_ETCD_PREFIX
  value: {{ .Values.etcd.prefix | quote }}
{{- end }}

{{/*
Tracing settings of web and agents (docs/operations.md "Tracing"), each only when given:
an empty endpoint would still make an exporter. The run page's trace link is web's alone
(pass "web" true).
*/}}
{{- define "crony.tracingEnv" -}}
{{- $tracing := .root.Values.tracing }}
{{- with $tracing.otlpEndpoint }}
- name: MANAGEMENT_OTLP_TRACING_ENDPOINT
  value: {{ . | quote }}
{{- end }}
{{- if ne (toString $tracing.samplingProbability) "" }}
- name: MANAGEMENT_TRACING_SAMPLING_PROBABILITY
  value: {{ toString $tracing.samplingProbability | quote }}
{{- end }}
{{- if .web }}
{{- with $tracing.linkTemplate }}
- name: CRONY_WEB_TRACING_LINK_TEMPLATE
  value: {{ . | quote }}
{{- end }}
{{- end }}
{{- end }}

{{/* Pod anti-affinity that spreads the replicas of one component over nodes. */}}
{{- define "crony.antiAffinity" -}}
{{- if eq .mode "hard" }}
podAntiAffinity:
  requiredDuringSchedulingIgnoredDuringExecution:
    - topologyKey: kubernetes.io/hostname
      labelSelector:
        matchLabels:
          {{- include "crony.selectorLabels" . | nindent 10 }}
{{- else if eq .mode "soft" }}
podAntiAffinity:
  preferredDuringSchedulingIgnoredDuringExecution:
    - weight: 100
      podAffinityTerm:
        topologyKey: kubernetes.io/hostname
        labelSelector:
          matchLabels:
            {{- include "crony.selectorLabels" . | nindent 12 }}
{{- end }}
{{- end }}

{{/* Secrets both web and agent read: the key that encrypts stored secrets, the etcd password. */}}
{{- define "crony.secretEnv" -}}
- name: CRONY_SECRET_KEY
  valueFrom:
    secretKeyRef:
      name: {{ include "crony.secretName" . }}
      key: {{ .Values.secrets.keys.secretKey }}
      optional: true
{{- if .Values.etcd.auth.username }}
- name: CRONY_ETCD_USER
  value: {{ .Values.etcd.auth.username | quote }}
- name: CRONY_ETCD_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ include "crony.secretName" . }}
      key: {{ .Values.secrets.keys.etcdPassword }}
{{- end }}
{{- with .Values.etcd.tls }}
{{- if .enabled }}
{{- /* a CA alone verifies etcd's server certificate; the client certificate and key are
given only when etcd asks for one (--client-cert-auth), both or neither */}}
{{- if ne (empty .certKey) (empty .keyKey) }}
{{- fail "etcd.tls.certKey and etcd.tls.keyKey go together: give both (client certificate) or neither (CA only)" }}
{{- end }}
- name: CRONY_ETCD_TLS_CAFILE
  value: /etc/crony/etcd-tls/{{ .caKey }}
{{- if .certKey }}
- name: CRONY_ETCD_TLS_CERTFILE
  value: /etc/crony/etcd-tls/{{ .certKey }}
- name: CRONY_ETCD_TLS_KEYFILE
  value: /etc/crony/etcd-tls/{{ .keyKey }}
{{- end }}
{{- end }}
{{- end }}
{{- end }}

{{/* Volume mounts of the web and agent containers: /tmp (the root file system is
read-only), the etcd TLS files, extra ones. */}}
{{- define "crony.volumeMounts" -}}
- name: tmp
  mountPath: /tmp
{{- if .root.Values.etcd.tls.enabled }}
- name: etcd-tls
  mountPath: /etc/crony/etcd-tls
  readOnly: true
{{- end }}
{{- with .values.extraVolumeMounts }}
{{ toYaml . }}
{{- end }}
{{- end }}

{{/* Volumes of web and agent pods (besides the agent's spool). */}}
{{- define "crony.volumes" -}}
# the JVM and Tomcat write to /tmp (work directory, perf data, native libraries gRPC unpacks)
- name: tmp
  emptyDir:
    sizeLimit: {{ .root.Values.tmpSizeLimit }}
{{- if .root.Values.etcd.tls.enabled }}
- name: etcd-tls
  secret:
    secretName: {{ required "etcd.tls.secretName is required when etcd.tls.enabled" .root.Values.etcd.tls.secretName }}
{{- end }}
{{- with .values.extraVolumes }}
{{ toYaml . }}
{{- end }}
{{- end }}

{{/* Pod metadata of web and agent: selector labels, podLabels, scrape annotations, the
checksum of the chart's Secret (pods roll when it changes; config is in the pod spec
itself, so a change there rolls them anyway), podAnnotations. */}}
{{- define "crony.podMetadata" -}}
labels:
  {{- include "crony.selectorLabels" . | nindent 2 }}
  {{- with .values.podLabels }}
  {{- toYaml . | nindent 2 }}
  {{- end }}
annotations:
  prometheus.io/scrape: "true"
  prometheus.io/port: {{ .values.httpPort | quote }}
  prometheus.io/path: /actuator/prometheus
  {{- if .root.Values.secrets.create }}
  checksum/secret: {{ include (print .root.Template.BasePath "/secret.yaml") .root | sha256sum }}
  {{- end }}
  {{- with .values.podAnnotations }}
  {{- toYaml . | nindent 2 }}
  {{- end }}
{{- end }}

{{/* Scheduling and security of web and agent pods: ServiceAccount without token, pod
security context, affinity (override or anti-affinity), spread, priority, node choice. */}}
{{- define "crony.podScheduling" -}}
serviceAccountName: {{ include "crony.serviceAccountName" .root }}
# Crony never calls the Kubernetes API
automountServiceAccountToken: false
securityContext:
  {{- toYaml .root.Values.podSecurityContext | nindent 2 }}
{{- with .root.Values.image.pullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
terminationGracePeriodSeconds: {{ .values.terminationGracePeriodSeconds }}
{{- if .values.affinity }}
affinity:
  {{- toYaml .values.affinity | nindent 2 }}
{{- else }}
{{- with (include "crony.antiAffinity" (dict "root" .root "component" .component "mode" .values.antiAffinity) | trim) }}
affinity:
  {{- . | nindent 2 }}
{{- end }}
{{- end }}
{{- with .values.topologySpreadConstraints }}
topologySpreadConstraints:
  {{- range . }}
  - {{- toYaml (merge (dict) . (dict "labelSelector" (dict "matchLabels" (include "crony.selectorLabels" $ | fromYaml)))) | nindent 4 }}
  {{- end }}
{{- end }}
{{- with .values.priorityClassName }}
priorityClassName: {{ . }}
{{- end }}
{{- with .values.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .values.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .values.initContainers }}
initContainers:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end }}

{{/* Agent labels as CRONY_AGENT_LABELS takes them: key=value pairs, sorted, joined by commas. */}}
{{- define "crony.agentLabels" -}}
{{- $pairs := list -}}
{{- range $key, $value := . -}}
{{- $pairs = append $pairs (printf "%s=%s" $key $value) -}}
{{- end -}}
{{- join "," $pairs -}}
{{- end -}}
